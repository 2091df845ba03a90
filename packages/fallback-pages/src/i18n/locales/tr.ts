/** Turkish: formal "siz" address with polite -in/-ın imperatives (Deneyin, Kontrol edin); sentence case for status names; no suffixes attached to placeholders. */
import type { Messages } from '../messages';

export default {
	lang: 'tr',
	dir: 'ltr',
	endonym: 'Türkçe',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Hatalı istek',
			help: 'Sunucu isteği anlayamadı. Adresi veya formu kontrol edip bir kez daha deneyin.',
		},
		401: {
			name: 'Yetkisiz',
			message: 'Bu sayfaya erişim yetkiniz yok.',
			help: 'Bu sayfayı görmek için giriş yapmanız gerekiyor. Giriş yaptıktan sonra sayfayı yeniden açın.',
		},
		402: {
			name: 'Ödeme gerekli',
			help: 'Bu içerik için etkin bir ödeme veya abonelik gerekiyor. Ödeme bilgilerinizi kontrol edip yeniden deneyin.',
		},
		403: {
			name: 'Yasak',
			message: 'Bu sayfaya erişilemedi.',
			help: 'Bu sayfayı görüntüleme izniniz yok. Olması gerektiğini düşünüyorsanız site sahibine başvurun.',
		},
		404: {
			name: 'Bulunamadı',
			message: 'Bu sayfa bulunamadı.',
			help: 'Adres yanlış yazılmış ya da sayfa taşınmış olabilir. Bağlantıyı kontrol edin veya ana sayfadan başlayın.',
		},
		405: {
			name: 'İzin verilmeyen yöntem',
			help: 'Bu adres bu tür bir isteği kabul etmiyor. Adresi normal bir bağlantı olarak açın.',
		},
		406: {
			name: 'Kabul edilemez',
			help: 'Sunucuda bu sayfanın, tarayıcınızın kabul ettiği biçimde bir sürümü yok.',
		},
		407: {
			name: 'Proxy kimlik doğrulaması gerekli',
			help: 'Sizinle bu site arasındaki bir proxy sunucusu giriş yapmanızı istiyor. Proxy’ye giriş yapıp yeniden deneyin.',
		},
		408: {
			name: 'İstek zaman aşımı',
			help: 'Tarayıcınızın isteği göndermesi çok uzun sürdü. Bağlantınızı kontrol edip yeniden deneyin.',
		},
		409: {
			name: 'Çakışma',
			help: 'İstek, sayfanın mevcut durumuyla çakışıyor; bu genellikle başka bir düzenlemeden sonra olur. Sayfayı yenileyip yeniden deneyin.',
		},
		410: {
			name: 'Kaldırıldı',
			help: 'Bu sayfa bilerek kaldırıldı ve geri gelmeyecek. Lütfen yer imlerinizi güncelleyin.',
		},
		411: {
			name: 'Uzunluk gerekli',
			help: 'İstek boyutunu belirtmediği için sunucu tarafından reddedildi. Doğrudan site üzerinden yeniden deneyin.',
		},
		412: {
			name: 'Ön koşul başarısız',
			help: 'Sayfa, tarayıcınızın onu son gördüğü zamandan bu yana değişti. Sayfayı yenileyip yeniden deneyin.',
		},
		413: {
			name: 'İçerik çok büyük',
			help: 'Gönderdiğiniz veri, sunucunun kabul ettiğinden büyük. Daha küçük bir dosya veya daha az veri gönderin.',
		},
		414: {
			name: 'URI çok uzun',
			help: 'Adres, sunucunun kabul ettiğinden uzun. Daha kısa bir bağlantı kullanın.',
		},
		415: {
			name: 'Desteklenmeyen medya türü',
			help: 'Sunucu, gönderdiğiniz dosya veya veri türünü kabul etmiyor. Başka bir biçim deneyin.',
		},
		416: {
			name: 'Aralık karşılanamıyor',
			help: 'Tarayıcınızın istediği dosya bölümü mevcut değil. Dosyanın tamamını yeniden indirin.',
		},
		417: {
			name: 'Beklenti karşılanamadı',
			help: 'Sunucu, isteğin kendisinden beklediğini karşılayamıyor. Özel ayarlar olmadan yeniden deneyin.',
		},
		418: {
			name: 'Ben bir çaydanlığım',
			help: 'Bu kod ayrılmıştır ve hiçbir gerçek sunucu bunu göndermez. Ne aradıysanız, burada değil.',
		},
		421: {
			name: 'Yanlış yönlendirilmiş istek',
			help: 'İstek, bu site adına yanıt veremeyen bir sunucuya ulaştı. Birazdan yeniden deneyin.',
		},
		422: {
			name: 'İşlenemeyen içerik',
			help: 'Sunucu isteği anladı ancak içeriğini işleyemedi. Girdiğiniz bilgileri kontrol edin.',
		},
		423: {
			name: 'Kilitli',
			help: 'Bu kaynak, başka bir işlem tarafından kullanıldığı için kilitli. Daha sonra yeniden deneyin.',
		},
		424: {
			name: 'Başarısız bağımlılık',
			help: 'İstek, başarısız olan başka bir isteğe bağlıydı. İşlemin tamamını yeniden deneyin.',
		},
		425: {
			name: 'Çok erken',
			help: 'Sunucu, tekrar gönderilmiş olabilecek bir isteği işleme riskini almıyor. Yeniden deneyin.',
		},
		426: {
			name: 'Yükseltme gerekli',
			help: 'Sunucu, tarayıcınızın kullandığından daha yeni bir protokol gerektiriyor. Tarayıcınızı güncelleyip yeniden deneyin.',
		},
		428: {
			name: 'Ön koşul gerekli',
			help: 'Sunucu bu değişikliği yalnızca sürüm denetimiyle kabul ediyor. Sayfayı yenileyip yeniden deneyin.',
		},
		429: {
			name: 'Çok fazla istek',
			help: 'Kısa sürede çok fazla istek gönderdiniz. Bir dakika bekleyip yeniden deneyin.',
		},
		431: {
			name: 'İstek başlık alanları çok büyük',
			help: 'Tarayıcınız, sunucunun kabul ettiğinden fazla başlık verisi gönderdi; bunun nedeni genellikle çok fazla çerezdir. Bu sitenin çerezlerini temizleyip yeniden deneyin.',
		},
		451: {
			name: 'Yasal nedenlerle kullanılamıyor',
			help: 'Bu sayfa yasal nedenlerle bölgenizde gösterilemiyor.',
		},
		500: {
			name: 'Dahili sunucu hatası',
			help: 'Bizim tarafımızda bir sorun oluştu. Birkaç dakika sonra yeniden deneyin.',
		},
		501: {
			name: 'Uygulanmadı',
			help: 'Sunucu, bu isteğin talep ettiği işlevi desteklemiyor.',
		},
		502: {
			name: 'Hatalı ağ geçidi',
			help: 'Bu sitenin arkasındaki bir sunucu bozuk bir yanıt gönderdi. Birkaç dakika sonra yeniden deneyin.',
		},
		503: {
			name: 'Hizmet kullanılamıyor',
			help: 'Site bakımda ya da aşırı yüklü. Lütfen biraz sonra yeniden deneyin.',
		},
		504: {
			name: 'Ağ geçidi zaman aşımı',
			help: 'Bu sitenin arkasındaki bir sunucunun yanıt vermesi çok uzun sürdü. Birkaç dakika sonra yeniden deneyin.',
		},
		505: {
			name: 'HTTP sürümü desteklenmiyor',
			help: 'Sunucu, tarayıcınızın kullandığı HTTP sürümünü desteklemiyor. Tarayıcınızı güncelleyin.',
		},
		506: {
			name: 'Varyant da müzakere ediyor',
			help: 'Sunucu yanlış yapılandırılmış ve bu sayfanın bir sürümünü seçemedi. Daha sonra yeniden deneyin.',
		},
		507: {
			name: 'Yetersiz depolama alanı',
			help: 'Sunucunun isteği tamamlayacak kadar boş alanı kalmadı. Daha sonra yeniden deneyin.',
		},
		508: {
			name: 'Döngü algılandı',
			help: 'İstek bir döngüye girdiği için sunucu tarafından durduruldu. Daha sonra yeniden deneyin.',
		},
		510: {
			name: 'Genişletilmedi',
			help: 'Sunucunun yanıt verebilmesi için istekte daha fazla bilgi bulunması gerekiyor.',
		},
		511: {
			name: 'Ağ kimlik doğrulaması gerekli',
			help: 'Bağlı olduğunuz ağ, genellikle tarayıcıda açılan bir giriş sayfası üzerinden oturum açmanızı istiyor. Giriş yapıp yeniden deneyin.',
		},
	},
	actions: {
		label: 'Neler yapabilirsiniz',
		home: 'Ana sayfaya dön',
		retry: 'Yeniden dene',
		support: 'Destek ekibine ulaş',
		status: 'Durum sayfası',
	},
	applicationError: {
		title: 'Uygulama hatası: istemci tarafında bir istisna oluştu',
		heading: 'Uygulama hatası',
		message:
			'Uygulama hatası: istemci tarafında bir istisna oluştu (daha fazla bilgi için tarayıcı konsoluna bakın).',
		help: 'Sayfayı yenilemek çoğu zaman işe yarar. Sorun devam ederse lütfen daha sonra tekrar gelin.',
	},
	globalError: {
		title: 'Uygulama hatası',
		heading: 'Uygulama hatası',
		help: 'Sayfayı yenilemek çoğu zaman işe yarar. Sorun devam ederse lütfen daha sonra tekrar gelin.',
		client:
			'Uygulama hatası: {host} yüklenirken istemci tarafında bir istisna oluştu (daha fazla bilgi için tarayıcı konsoluna bakın).',
		server:
			'Uygulama hatası: {host} yüklenirken sunucu tarafında bir istisna oluştu (daha fazla bilgi için sunucu günlüklerine bakın).',
		digest: 'Özet: {digest}',
	},
	languages: 'Diğer diller',
	requestId: 'İstek kimliği: {id}',
	preview: {
		label: 'Dağıtım önizlemesi',
		preview: 'Önizleme',
		branch: 'dal',
		commit: 'commit',
		allPages: 'Tüm sayfalar',
	},
	gallery: {
		title: '{site}: tüm hata sayfaları',
		description: '{site} sitesinin {count} hata sayfasının tümü, her biri kendi durum koduyla.',
		intro:
			'{count} sayfa; her biri gerçek adresinde açılır ve kendi durum koduyla sunulur. Her görsel, sayfayı açık ve koyu temada gösterir.',
		clientErrors: 'İstemci hataları (4xx)',
		serverErrors: 'Sunucu hataları (5xx)',
		applicationErrors: 'Uygulama hataları',
		context: 'Bağlam',
		branch: 'Dal',
		commit: 'Commit',
		deployUrl: 'Dağıtım URL’si',
		built: 'Derleme zamanı',
		unknown: 'bilinmiyor',
	},
} as const satisfies Messages;
