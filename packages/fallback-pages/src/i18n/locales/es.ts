/** Spanish: neutral international Spanish, formal "usted" throughout (Compruebe, Inténtelo), sentence case for status names; technical terms as Spanish developers use them (solicitud, enlace, despliegue, commit). */
import type { Messages } from '../messages';

export default {
	lang: 'es',
	dir: 'ltr',
	endonym: 'Español',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Solicitud incorrecta',
			help: 'El servidor no pudo entender la solicitud. Compruebe la dirección o el formulario e inténtelo de nuevo.',
		},
		401: {
			name: 'No autorizado',
			message: 'No tiene autorización para acceder a esta página.',
			help: 'Para ver esta página tiene que iniciar sesión. Inicie sesión y vuelva a abrirla.',
		},
		402: {
			name: 'Pago requerido',
			help: 'Este contenido requiere un pago o una suscripción activa. Revise sus datos de facturación e inténtelo de nuevo.',
		},
		403: {
			name: 'Prohibido',
			message: 'No se pudo acceder a esta página.',
			help: 'No tiene permiso para ver esta página. Si cree que debería tenerlo, consulte al propietario del sitio.',
		},
		404: {
			name: 'No encontrado',
			message: 'No se pudo encontrar esta página.',
			help: 'Puede que la dirección esté mal escrita o que la página se haya movido. Compruebe el enlace o empiece desde la página de inicio.',
		},
		405: {
			name: 'Método no permitido',
			help: 'Esta dirección no acepta ese tipo de solicitud. Ábrala como un enlace normal.',
		},
		406: {
			name: 'No aceptable',
			help: 'El servidor no tiene ninguna versión de esta página en un formato que su navegador acepte.',
		},
		407: {
			name: 'Se requiere autenticación del proxy',
			help: 'Un proxy entre usted y este sitio le pide que inicie sesión. Inicie sesión en el proxy y vuelva a intentarlo.',
		},
		408: {
			name: 'Tiempo de espera de la solicitud agotado',
			help: 'Su navegador tardó demasiado en enviar la solicitud. Compruebe su conexión e inténtelo de nuevo.',
		},
		409: {
			name: 'Conflicto',
			help: 'La solicitud entra en conflicto con el estado actual de la página, a menudo tras otra modificación. Recargue la página e inténtelo de nuevo.',
		},
		410: {
			name: 'Ya no disponible',
			help: 'Esta página se eliminó de forma intencionada y no volverá. Actualice sus marcadores.',
		},
		411: {
			name: 'Longitud requerida',
			help: 'La solicitud no indicaba su tamaño, así que el servidor la rechazó. Inténtelo de nuevo desde el propio sitio.',
		},
		412: {
			name: 'Precondición fallida',
			help: 'La página ha cambiado desde la última vez que la cargó su navegador. Recárguela e inténtelo de nuevo.',
		},
		413: {
			name: 'Contenido demasiado grande',
			help: 'Lo que ha enviado supera el tamaño que acepta el servidor. Envíe un archivo más pequeño o menos datos.',
		},
		414: {
			name: 'URI demasiado largo',
			help: 'La dirección es más larga de lo que acepta el servidor. Use un enlace más corto.',
		},
		415: {
			name: 'Tipo de medio no admitido',
			help: 'El servidor no acepta el tipo de archivo o de datos que ha enviado. Pruebe con otro formato.',
		},
		416: {
			name: 'Rango no satisfacible',
			help: 'La parte del archivo que pidió su navegador no existe. Vuelva a descargar el archivo completo.',
		},
		417: {
			name: 'Expectativa fallida',
			help: 'El servidor no puede cumplir lo que la solicitud esperaba de él. Inténtelo de nuevo sin ajustes especiales.',
		},
		418: {
			name: 'Soy una tetera',
			help: 'Este código está reservado y ningún servidor real lo envía. Busque lo que busque, aquí no está.',
		},
		421: {
			name: 'Solicitud mal dirigida',
			help: 'La solicitud llegó a un servidor que no puede responder por este sitio. Vuelva a intentarlo en un momento.',
		},
		422: {
			name: 'Contenido no procesable',
			help: 'El servidor entendió la solicitud, pero no pudo procesar su contenido. Revise los datos que introdujo.',
		},
		423: {
			name: 'Bloqueado',
			help: 'Este recurso está bloqueado mientras se usa en otra parte. Inténtelo de nuevo más tarde.',
		},
		424: {
			name: 'Dependencia fallida',
			help: 'La solicitud dependía de otra que falló. Repita toda la acción.',
		},
		425: {
			name: 'Demasiado pronto',
			help: 'El servidor no se arriesga a procesar una solicitud que podría repetirse. Inténtelo de nuevo.',
		},
		426: {
			name: 'Se requiere actualización',
			help: 'El servidor necesita un protocolo más reciente que el que usó su navegador. Actualice su navegador y vuelva a intentarlo.',
		},
		428: {
			name: 'Se requiere precondición',
			help: 'El servidor solo acepta este cambio con una comprobación de versión. Recargue la página e inténtelo de nuevo.',
		},
		429: {
			name: 'Demasiadas solicitudes',
			help: 'Ha enviado demasiadas solicitudes en poco tiempo. Espere un minuto e inténtelo de nuevo.',
		},
		431: {
			name: 'Campos de encabezado de la solicitud demasiado grandes',
			help: 'Su navegador envió más datos de encabezado de los que acepta el servidor, a menudo por un exceso de cookies. Borre las cookies de este sitio y vuelva a intentarlo.',
		},
		451: {
			name: 'No disponible por motivos legales',
			help: 'Esta página no se puede mostrar en su región por motivos legales.',
		},
		500: {
			name: 'Error interno del servidor',
			help: 'Algo ha fallado por nuestra parte. Inténtelo de nuevo en unos minutos.',
		},
		501: {
			name: 'No implementado',
			help: 'El servidor no admite lo que pide esta solicitud.',
		},
		502: {
			name: 'Puerta de enlace incorrecta',
			help: 'Un servidor detrás de este sitio envió una respuesta no válida. Inténtelo de nuevo en unos minutos.',
		},
		503: {
			name: 'Servicio no disponible',
			help: 'El sitio está en mantenimiento o sobrecargado. Vuelva a intentarlo en breve.',
		},
		504: {
			name: 'Tiempo de espera de la puerta de enlace agotado',
			help: 'Un servidor detrás de este sitio tardó demasiado en responder. Inténtelo de nuevo en unos minutos.',
		},
		505: {
			name: 'Versión de HTTP no admitida',
			help: 'El servidor no admite la versión de HTTP que usó su navegador. Actualice su navegador.',
		},
		506: {
			name: 'La variante también negocia',
			help: 'El servidor está mal configurado y no pudo elegir una versión de esta página. Inténtelo de nuevo más tarde.',
		},
		507: {
			name: 'Almacenamiento insuficiente',
			help: 'El servidor se quedó sin espacio para completar la solicitud. Inténtelo de nuevo más tarde.',
		},
		508: {
			name: 'Bucle detectado',
			help: 'El servidor detuvo la solicitud porque había entrado en un bucle. Inténtelo de nuevo más tarde.',
		},
		510: {
			name: 'No extendido',
			help: 'El servidor necesita más información en la solicitud para poder responder.',
		},
		511: {
			name: 'Se requiere autenticación de red',
			help: 'La red que está usando le pide que inicie sesión, a menudo en un portal del navegador. Inicie sesión y vuelva a intentarlo.',
		},
	},
	actions: {
		label: 'Qué puede hacer',
		home: 'Volver al inicio',
		retry: 'Reintentar',
		support: 'Contactar con soporte',
		status: 'Estado del servicio',
	},
	applicationError: {
		title: 'Error de la aplicación: se produjo una excepción en el cliente',
		heading: 'Error de la aplicación',
		message:
			'Error de la aplicación: se produjo una excepción en el cliente (consulte la consola del navegador para obtener más información).',
		help: 'Recargar la página suele solucionarlo. Si el problema continúa, vuelva más tarde.',
	},
	globalError: {
		title: 'Error de la aplicación',
		heading: 'Error de la aplicación',
		help: 'Recargar la página suele solucionarlo. Si el problema continúa, vuelva más tarde.',
		client:
			'Error de la aplicación: se produjo una excepción en el cliente al cargar {host} (consulte la consola del navegador para obtener más información).',
		server:
			'Error de la aplicación: se produjo una excepción en el servidor al cargar {host} (consulte los registros del servidor para obtener más información).',
		digest: 'Resumen: {digest}',
	},
	languages: 'Otros idiomas',
	requestId: 'ID de la solicitud: {id}',
	preview: {
		label: 'Vista previa del despliegue',
		preview: 'Vista previa',
		branch: 'rama',
		commit: 'commit',
		allPages: 'Todas las páginas',
	},
	gallery: {
		title: '{site}: todas las páginas de error',
		description: 'Las {count} páginas de error de {site}, cada una con su código de estado.',
		intro:
			'{count} páginas, cada una abierta en su dirección real y servida con su propio código de estado; cada imagen muestra la página con el tema claro y con el oscuro.',
		clientErrors: 'Errores del cliente (4xx)',
		serverErrors: 'Errores del servidor (5xx)',
		applicationErrors: 'Errores de la aplicación',
		context: 'Contexto',
		branch: 'Rama',
		commit: 'Commit',
		deployUrl: 'URL del despliegue',
		built: 'Generado el',
		unknown: 'desconocido',
	},
} as const satisfies Messages;
