/** Vietnamese: addresses the visitor as “bạn” with polite “Hãy …”/“Vui lòng …”, as Vietnamese websites usually do; traditional tone-mark placement (khóa, xóa, thỏa). */
import type { Messages } from '../messages';

export default {
	lang: 'vi',
	dir: 'ltr',
	endonym: 'Tiếng Việt',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Yêu cầu không hợp lệ',
			help: 'Máy chủ không hiểu được yêu cầu. Hãy kiểm tra lại địa chỉ hoặc biểu mẫu rồi thử lại.',
		},
		401: {
			name: 'Chưa xác thực',
			message: 'Bạn không có quyền truy cập trang này.',
			help: 'Bạn cần đăng nhập để xem trang này. Hãy đăng nhập rồi mở lại trang.',
		},
		402: {
			name: 'Yêu cầu thanh toán',
			help: 'Nội dung này cần một khoản thanh toán hoặc gói đăng ký còn hiệu lực. Hãy kiểm tra thông tin thanh toán rồi thử lại.',
		},
		403: {
			name: 'Cấm truy cập',
			message: 'Không thể truy cập trang này.',
			help: 'Bạn không có quyền xem trang này. Nếu bạn nghĩ mình nên có quyền, hãy liên hệ chủ sở hữu trang web.',
		},
		404: {
			name: 'Không tìm thấy',
			message: 'Không tìm thấy trang này.',
			help: 'Có thể địa chỉ bị gõ sai hoặc trang đã được chuyển đi. Hãy kiểm tra lại liên kết hoặc bắt đầu từ trang chủ.',
		},
		405: {
			name: 'Phương thức không được phép',
			help: 'Địa chỉ này không chấp nhận loại yêu cầu đó. Hãy mở nó như một liên kết bình thường.',
		},
		406: {
			name: 'Không thể chấp nhận',
			help: 'Máy chủ không có phiên bản nào của trang này ở định dạng mà trình duyệt của bạn chấp nhận.',
		},
		407: {
			name: 'Cần xác thực proxy',
			help: 'Một proxy nằm giữa bạn và trang web này yêu cầu đăng nhập. Hãy đăng nhập vào proxy rồi thử lại.',
		},
		408: {
			name: 'Hết thời gian chờ yêu cầu',
			help: 'Trình duyệt của bạn gửi yêu cầu quá lâu. Hãy kiểm tra kết nối rồi thử lại.',
		},
		409: {
			name: 'Xung đột',
			help: 'Yêu cầu xung đột với trạng thái hiện tại của trang, thường do vừa có một chỉnh sửa khác. Hãy tải lại trang rồi thử lại.',
		},
		410: {
			name: 'Đã bị gỡ bỏ',
			help: 'Trang này đã được chủ ý gỡ bỏ và sẽ không quay lại. Vui lòng cập nhật dấu trang của bạn.',
		},
		411: {
			name: 'Cần độ dài',
			help: 'Yêu cầu không cho biết kích thước của nó nên máy chủ đã từ chối. Hãy thử lại ngay trên trang web.',
		},
		412: {
			name: 'Điều kiện tiên quyết không đạt',
			help: 'Trang đã thay đổi kể từ lần cuối trình duyệt của bạn tải nó. Hãy tải lại trang rồi thử lại.',
		},
		413: {
			name: 'Nội dung quá lớn',
			help: 'Dữ liệu bạn gửi lớn hơn mức máy chủ chấp nhận. Hãy gửi tệp nhỏ hơn hoặc ít dữ liệu hơn.',
		},
		414: {
			name: 'URI quá dài',
			help: 'Địa chỉ dài hơn mức máy chủ chấp nhận. Hãy dùng một liên kết ngắn hơn.',
		},
		415: {
			name: 'Kiểu dữ liệu không được hỗ trợ',
			help: 'Máy chủ không chấp nhận loại tệp hoặc dữ liệu bạn đã gửi. Hãy thử một định dạng khác.',
		},
		416: {
			name: 'Phạm vi không thể đáp ứng',
			help: 'Phần tệp mà trình duyệt yêu cầu không tồn tại. Hãy tải lại toàn bộ tệp.',
		},
		417: {
			name: 'Kỳ vọng không được đáp ứng',
			help: 'Máy chủ không thể đáp ứng điều mà yêu cầu mong đợi. Hãy thử lại mà không dùng thiết lập đặc biệt nào.',
		},
		418: {
			name: 'Tôi là ấm trà',
			help: 'Mã này được dành riêng và không máy chủ thật nào gửi nó. Dù bạn tìm gì, nó cũng không có ở đây.',
		},
		421: {
			name: 'Yêu cầu gửi nhầm nơi',
			help: 'Yêu cầu đã đến một máy chủ không phục vụ trang web này. Hãy thử lại sau giây lát.',
		},
		422: {
			name: 'Nội dung không thể xử lý',
			help: 'Máy chủ hiểu yêu cầu nhưng không thể xử lý nội dung của nó. Hãy kiểm tra lại những gì bạn đã nhập.',
		},
		423: {
			name: 'Đã bị khóa',
			help: 'Tài nguyên này đang bị khóa vì có tác vụ khác đang sử dụng. Hãy thử lại sau.',
		},
		424: {
			name: 'Phụ thuộc thất bại',
			help: 'Yêu cầu này phụ thuộc vào một yêu cầu khác đã thất bại. Hãy thực hiện lại toàn bộ thao tác.',
		},
		425: {
			name: 'Quá sớm',
			help: 'Máy chủ không muốn mạo hiểm xử lý một yêu cầu có thể bị gửi lặp lại. Hãy thử lại.',
		},
		426: {
			name: 'Cần nâng cấp',
			help: 'Máy chủ cần một giao thức mới hơn giao thức mà trình duyệt của bạn đã dùng. Hãy cập nhật trình duyệt rồi thử lại.',
		},
		428: {
			name: 'Cần điều kiện tiên quyết',
			help: 'Máy chủ chỉ chấp nhận thay đổi này khi có kiểm tra phiên bản. Hãy tải lại trang rồi thử lại.',
		},
		429: {
			name: 'Quá nhiều yêu cầu',
			help: 'Bạn đã gửi quá nhiều yêu cầu trong thời gian ngắn. Hãy đợi một phút rồi thử lại.',
		},
		431: {
			name: 'Trường tiêu đề yêu cầu quá lớn',
			help: 'Trình duyệt đã gửi dữ liệu tiêu đề nhiều hơn mức máy chủ chấp nhận, thường do có quá nhiều cookie. Hãy xóa cookie của trang web này rồi thử lại.',
		},
		451: {
			name: 'Không khả dụng vì lý do pháp lý',
			help: 'Trang này không thể hiển thị tại khu vực của bạn vì lý do pháp lý.',
		},
		500: {
			name: 'Lỗi máy chủ nội bộ',
			help: 'Đã có lỗi xảy ra ở phía chúng tôi. Hãy thử lại sau vài phút.',
		},
		501: {
			name: 'Chưa được triển khai',
			help: 'Máy chủ không hỗ trợ chức năng mà yêu cầu này cần.',
		},
		502: {
			name: 'Cổng kết nối không hợp lệ',
			help: 'Một máy chủ phía sau trang web này đã trả về phản hồi lỗi. Hãy thử lại sau vài phút.',
		},
		503: {
			name: 'Dịch vụ không khả dụng',
			help: 'Trang web đang bảo trì hoặc bị quá tải. Vui lòng thử lại sau ít phút.',
		},
		504: {
			name: 'Hết thời gian chờ cổng kết nối',
			help: 'Một máy chủ phía sau trang web này phản hồi quá lâu. Hãy thử lại sau vài phút.',
		},
		505: {
			name: 'Phiên bản HTTP không được hỗ trợ',
			help: 'Máy chủ không hỗ trợ phiên bản HTTP mà trình duyệt của bạn đã dùng. Hãy cập nhật trình duyệt.',
		},
		506: {
			name: 'Biến thể cũng thương lượng',
			help: 'Máy chủ bị cấu hình sai nên không thể chọn phiên bản cho trang này. Hãy thử lại sau.',
		},
		507: {
			name: 'Không đủ dung lượng lưu trữ',
			help: 'Máy chủ đã hết dung lượng để hoàn tất yêu cầu. Hãy thử lại sau.',
		},
		508: {
			name: 'Phát hiện vòng lặp',
			help: 'Máy chủ đã dừng yêu cầu vì nó bị lặp vòng. Hãy thử lại sau.',
		},
		510: {
			name: 'Không được mở rộng',
			help: 'Máy chủ cần thêm thông tin trong yêu cầu trước khi có thể phản hồi.',
		},
		511: {
			name: 'Cần xác thực mạng',
			help: 'Mạng bạn đang dùng yêu cầu đăng nhập, thường qua một trang đăng nhập trên trình duyệt. Hãy đăng nhập rồi thử lại.',
		},
	},
	actions: {
		label: 'Bạn có thể làm gì',
		home: 'Về trang chủ',
		retry: 'Thử lại',
		support: 'Liên hệ hỗ trợ',
		status: 'Trang trạng thái',
	},
	applicationError: {
		title: 'Lỗi ứng dụng: đã xảy ra ngoại lệ phía máy khách',
		heading: 'Lỗi ứng dụng',
		message:
			'Lỗi ứng dụng: đã xảy ra ngoại lệ phía máy khách (xem bảng điều khiển của trình duyệt để biết thêm thông tin).',
		help: 'Tải lại trang thường sẽ khắc phục được. Nếu lỗi vẫn tiếp diễn, vui lòng quay lại sau.',
	},
	globalError: {
		title: 'Lỗi ứng dụng',
		heading: 'Lỗi ứng dụng',
		help: 'Tải lại trang thường sẽ khắc phục được. Nếu lỗi vẫn tiếp diễn, vui lòng quay lại sau.',
		client:
			'Lỗi ứng dụng: đã xảy ra ngoại lệ phía máy khách khi tải {host} (xem bảng điều khiển của trình duyệt để biết thêm thông tin).',
		server:
			'Lỗi ứng dụng: đã xảy ra ngoại lệ phía máy chủ khi tải {host} (xem nhật ký máy chủ để biết thêm thông tin).',
		digest: 'Mã băm: {digest}',
	},
	languages: 'Ngôn ngữ khác',
	requestId: 'Mã yêu cầu: {id}',
	preview: {
		label: 'Bản xem trước triển khai',
		preview: 'Xem trước',
		branch: 'nhánh',
		commit: 'commit',
		allPages: 'Tất cả các trang',
	},
	gallery: {
		title: '{site}: tất cả trang lỗi',
		description: 'Toàn bộ {count} trang lỗi của {site}, mỗi trang kèm mã trạng thái riêng.',
		intro:
			'{count} trang, mỗi trang được mở tại địa chỉ thực của nó và trả về với mã trạng thái riêng; mỗi ảnh cho thấy trang ở chế độ sáng và chế độ tối.',
		clientErrors: 'Lỗi phía máy khách (4xx)',
		serverErrors: 'Lỗi phía máy chủ (5xx)',
		applicationErrors: 'Lỗi ứng dụng',
		context: 'Ngữ cảnh',
		branch: 'Nhánh',
		commit: 'Commit',
		deployUrl: 'URL triển khai',
		built: 'Dựng lúc',
		unknown: 'không rõ',
	},
} as const satisfies Messages;
