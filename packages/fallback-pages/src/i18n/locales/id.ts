/** Indonesian: formal address with "Anda" (capitalised), polite imperatives (Silakan, Periksa, Coba lagi); sentence case for status names. */
import type { Messages } from '../messages';

export default {
	lang: 'id',
	dir: 'ltr',
	endonym: 'Bahasa Indonesia',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Permintaan tidak valid',
			help: 'Server tidak dapat memahami permintaan ini. Periksa alamat atau formulir, lalu coba sekali lagi.',
		},
		401: {
			name: 'Tidak diotorisasi',
			message: 'Anda tidak memiliki otorisasi untuk mengakses halaman ini.',
			help: 'Anda perlu masuk untuk membuka halaman ini. Silakan masuk, lalu buka kembali halaman ini.',
		},
		402: {
			name: 'Pembayaran diperlukan',
			help: 'Konten ini memerlukan pembayaran atau langganan yang aktif. Periksa tagihan Anda, lalu coba lagi.',
		},
		403: {
			name: 'Dilarang',
			message: 'Halaman ini tidak dapat diakses.',
			help: 'Anda tidak memiliki izin untuk melihat halaman ini. Hubungi pemilik situs jika menurut Anda seharusnya bisa.',
		},
		404: {
			name: 'Tidak ditemukan',
			message: 'Halaman ini tidak dapat ditemukan.',
			help: 'Alamatnya mungkin salah ketik, atau halamannya sudah dipindahkan. Periksa tautannya atau mulai dari beranda.',
		},
		405: {
			name: 'Metode tidak diizinkan',
			help: 'Alamat ini tidak menerima jenis permintaan tersebut. Buka alamat ini sebagai tautan biasa.',
		},
		406: {
			name: 'Tidak dapat diterima',
			help: 'Server tidak memiliki versi halaman ini dalam format yang diterima peramban Anda.',
		},
		407: {
			name: 'Autentikasi proxy diperlukan',
			help: 'Proxy di antara Anda dan situs ini meminta Anda masuk. Masuk ke proxy tersebut, lalu coba lagi.',
		},
		408: {
			name: 'Waktu permintaan habis',
			help: 'Peramban Anda terlalu lama mengirim permintaan. Periksa koneksi Anda, lalu coba lagi.',
		},
		409: {
			name: 'Konflik',
			help: 'Permintaan ini bertentangan dengan keadaan halaman saat ini, biasanya karena ada suntingan lain. Muat ulang, lalu coba lagi.',
		},
		410: {
			name: 'Sudah tidak ada',
			help: 'Halaman ini sengaja dihapus dan tidak akan kembali. Harap perbarui markah Anda.',
		},
		411: {
			name: 'Panjang diperlukan',
			help: 'Permintaan tidak menyebutkan ukurannya, sehingga server menolaknya. Coba lagi langsung dari situs ini.',
		},
		412: {
			name: 'Prasyarat gagal',
			help: 'Halaman ini telah berubah sejak terakhir kali dimuat oleh peramban Anda. Muat ulang, lalu coba lagi.',
		},
		413: {
			name: 'Konten terlalu besar',
			help: 'Data yang Anda kirim lebih besar daripada yang diterima server. Kirim berkas yang lebih kecil atau data yang lebih sedikit.',
		},
		414: {
			name: 'URI terlalu panjang',
			help: 'Alamat ini lebih panjang daripada yang diterima server. Gunakan tautan yang lebih pendek.',
		},
		415: {
			name: 'Jenis media tidak didukung',
			help: 'Server tidak menerima jenis berkas atau data yang Anda kirim. Coba format lain.',
		},
		416: {
			name: 'Rentang tidak dapat dipenuhi',
			help: 'Bagian berkas yang diminta peramban Anda tidak ada. Unduh ulang seluruh berkas.',
		},
		417: {
			name: 'Ekspektasi gagal',
			help: 'Server tidak dapat memenuhi ekspektasi yang disertakan dalam permintaan. Coba lagi tanpa pengaturan khusus.',
		},
		418: {
			name: 'Saya adalah teko teh',
			help: 'Kode ini dicadangkan dan tidak dikirim oleh server sungguhan mana pun. Apa pun yang Anda cari, tidak ada di sini.',
		},
		421: {
			name: 'Permintaan salah arah',
			help: 'Permintaan ini sampai ke server yang tidak dapat menjawab untuk situs ini. Silakan coba lagi sesaat lagi.',
		},
		422: {
			name: 'Konten tidak dapat diproses',
			help: 'Server memahami permintaan ini, tetapi tidak dapat memproses isinya. Periksa data yang Anda masukkan.',
		},
		423: {
			name: 'Terkunci',
			help: 'Sumber daya ini terkunci karena sedang digunakan oleh proses lain. Coba lagi nanti.',
		},
		424: {
			name: 'Dependensi gagal',
			help: 'Permintaan ini bergantung pada permintaan lain yang gagal. Ulangi seluruh tindakan dari awal.',
		},
		425: {
			name: 'Terlalu dini',
			help: 'Server tidak mau mengambil risiko memproses permintaan yang mungkin dikirim ulang. Coba lagi.',
		},
		426: {
			name: 'Peningkatan diperlukan',
			help: 'Server memerlukan protokol yang lebih baru daripada yang digunakan peramban Anda. Perbarui peramban Anda, lalu coba lagi.',
		},
		428: {
			name: 'Prasyarat diperlukan',
			help: 'Server hanya menerima perubahan ini dengan pemeriksaan versi. Muat ulang halaman, lalu coba lagi.',
		},
		429: {
			name: 'Terlalu banyak permintaan',
			help: 'Anda mengirim terlalu banyak permintaan dalam waktu singkat. Tunggu satu menit, lalu coba lagi.',
		},
		431: {
			name: 'Kolom header permintaan terlalu besar',
			help: 'Peramban Anda mengirim data header lebih banyak daripada yang diterima server, sering kali karena terlalu banyak cookie. Hapus cookie situs ini, lalu coba lagi.',
		},
		451: {
			name: 'Tidak tersedia karena alasan hukum',
			help: 'Halaman ini tidak dapat ditampilkan di wilayah Anda karena alasan hukum.',
		},
		500: {
			name: 'Kesalahan server internal',
			help: 'Terjadi kesalahan di pihak kami. Coba lagi dalam beberapa menit.',
		},
		501: {
			name: 'Tidak diimplementasikan',
			help: 'Server tidak mendukung fungsi yang diminta oleh permintaan ini.',
		},
		502: {
			name: 'Gateway tidak valid',
			help: 'Server di balik situs ini mengirim respons yang rusak. Coba lagi dalam beberapa menit.',
		},
		503: {
			name: 'Layanan tidak tersedia',
			help: 'Situs sedang dalam pemeliharaan atau kelebihan beban. Silakan coba lagi sebentar lagi.',
		},
		504: {
			name: 'Waktu gateway habis',
			help: 'Server di balik situs ini terlalu lama merespons. Coba lagi dalam beberapa menit.',
		},
		505: {
			name: 'Versi HTTP tidak didukung',
			help: 'Server tidak mendukung versi HTTP yang digunakan peramban Anda. Perbarui peramban Anda.',
		},
		506: {
			name: 'Varian juga bernegosiasi',
			help: 'Server salah dikonfigurasi dan tidak dapat memilih versi halaman ini. Coba lagi nanti.',
		},
		507: {
			name: 'Penyimpanan tidak mencukupi',
			help: 'Ruang penyimpanan server habis sehingga permintaan tidak dapat diselesaikan. Coba lagi nanti.',
		},
		508: {
			name: 'Perulangan terdeteksi',
			help: 'Server menghentikan permintaan karena terjebak dalam perulangan. Coba lagi nanti.',
		},
		510: {
			name: 'Tidak diperluas',
			help: 'Server memerlukan informasi tambahan dalam permintaan sebelum dapat menjawab.',
		},
		511: {
			name: 'Autentikasi jaringan diperlukan',
			help: 'Jaringan yang Anda gunakan meminta Anda masuk, biasanya melalui portal di peramban. Masuk, lalu coba lagi.',
		},
	},
	actions: {
		label: 'Yang dapat Anda lakukan',
		home: 'Kembali ke beranda',
		retry: 'Coba lagi',
		support: 'Hubungi dukungan',
		status: 'Halaman status',
	},
	applicationError: {
		title: 'Kesalahan aplikasi: terjadi pengecualian di sisi klien',
		heading: 'Kesalahan aplikasi',
		message:
			'Kesalahan aplikasi: terjadi pengecualian di sisi klien (lihat konsol peramban untuk informasi selengkapnya).',
		help: 'Memuat ulang halaman sering kali membantu. Jika masalah terus terjadi, silakan kembali lagi nanti.',
	},
	globalError: {
		title: 'Kesalahan aplikasi',
		heading: 'Kesalahan aplikasi',
		help: 'Memuat ulang halaman sering kali membantu. Jika masalah terus terjadi, silakan kembali lagi nanti.',
		client:
			'Kesalahan aplikasi: terjadi pengecualian di sisi klien saat memuat {host} (lihat konsol peramban untuk informasi selengkapnya).',
		server:
			'Kesalahan aplikasi: terjadi pengecualian di sisi server saat memuat {host} (lihat log server untuk informasi selengkapnya).',
		digest: 'Digest: {digest}',
	},
	languages: 'Bahasa lain',
	requestId: 'ID permintaan: {id}',
	preview: {
		label: 'Pratinjau penerapan',
		preview: 'Pratinjau',
		branch: 'branch',
		commit: 'commit',
		allPages: 'Semua halaman',
	},
	gallery: {
		title: '{site}: semua halaman kesalahan',
		description: 'Semua {count} halaman kesalahan {site}, masing-masing dengan kode statusnya.',
		intro:
			'{count} halaman, masing-masing dibuka di alamat aslinya dan disajikan dengan kode statusnya sendiri; setiap gambar menampilkan halaman dalam skema terang dan gelap.',
		clientErrors: 'Kesalahan klien (4xx)',
		serverErrors: 'Kesalahan server (5xx)',
		applicationErrors: 'Kesalahan aplikasi',
		context: 'Konteks',
		branch: 'Branch',
		commit: 'Commit',
		deployUrl: 'URL penerapan',
		built: 'Waktu build',
		unknown: 'tidak diketahui',
	},
} as const satisfies Messages;
