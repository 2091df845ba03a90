/** German: formal "Sie" throughout, status names as German developer documentation gives them (sentence case), „…“ quotes and typographic apostrophes. */
import type { Messages } from '../messages';

export default {
	lang: 'de',
	dir: 'ltr',
	endonym: 'Deutsch',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Ungültige Anfrage',
			help: 'Der Server konnte die Anfrage nicht verstehen. Prüfen Sie die Adresse oder das Formular und versuchen Sie es noch einmal.',
		},
		401: {
			name: 'Nicht autorisiert',
			message: 'Sie sind nicht berechtigt, diese Seite aufzurufen.',
			help: 'Für diese Seite müssen Sie angemeldet sein. Melden Sie sich an und öffnen Sie sie dann erneut.',
		},
		402: {
			name: 'Zahlung erforderlich',
			help: 'Für diesen Inhalt ist eine aktive Zahlung oder ein Abonnement nötig. Prüfen Sie Ihre Zahlungsdaten und versuchen Sie es dann erneut.',
		},
		403: {
			name: 'Verboten',
			message: 'Auf diese Seite konnte nicht zugegriffen werden.',
			help: 'Sie haben keine Berechtigung, diese Seite anzusehen. Wenden Sie sich an den Betreiber der Website, wenn Sie meinen, dass Sie Zugriff haben sollten.',
		},
		404: {
			name: 'Nicht gefunden',
			message: 'Diese Seite wurde nicht gefunden.',
			help: 'Vielleicht ist die Adresse falsch geschrieben oder die Seite wurde verschoben. Prüfen Sie den Link oder beginnen Sie auf der Startseite.',
		},
		405: {
			name: 'Methode nicht erlaubt',
			help: 'Diese Adresse nimmt diese Art von Anfrage nicht an. Öffnen Sie sie stattdessen als normalen Link.',
		},
		406: {
			name: 'Nicht akzeptabel',
			help: 'Der Server hat diese Seite in keinem Format, das Ihr Browser akzeptiert.',
		},
		407: {
			name: 'Proxy-Authentifizierung erforderlich',
			help: 'Ein Proxy zwischen Ihnen und dieser Website verlangt eine Anmeldung. Melden Sie sich beim Proxy an und versuchen Sie es dann erneut.',
		},
		408: {
			name: 'Zeitüberschreitung der Anfrage',
			help: 'Ihr Browser hat zu lange gebraucht, um die Anfrage zu senden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
		},
		409: {
			name: 'Konflikt',
			help: 'Die Anfrage passt nicht zum aktuellen Stand der Seite, oft nach einer anderen Änderung. Laden Sie die Seite neu und versuchen Sie es erneut.',
		},
		410: {
			name: 'Nicht mehr verfügbar',
			help: 'Diese Seite wurde absichtlich entfernt und kommt nicht wieder. Bitte aktualisieren Sie Ihre Lesezeichen.',
		},
		411: {
			name: 'Länge erforderlich',
			help: 'Die Anfrage enthielt keine Größenangabe, deshalb hat der Server sie abgelehnt. Versuchen Sie es direkt über die Website erneut.',
		},
		412: {
			name: 'Vorbedingung fehlgeschlagen',
			help: 'Die Seite hat sich geändert, seit Ihr Browser sie zuletzt geladen hat. Laden Sie sie neu und versuchen Sie es erneut.',
		},
		413: {
			name: 'Inhalt zu groß',
			help: 'Ihre Daten sind größer, als der Server annimmt. Senden Sie eine kleinere Datei oder weniger Daten.',
		},
		414: {
			name: 'URI zu lang',
			help: 'Die Adresse ist länger, als der Server annimmt. Verwenden Sie einen kürzeren Link.',
		},
		415: {
			name: 'Nicht unterstützter Medientyp',
			help: 'Der Server nimmt diese Art von Datei oder Daten nicht an. Versuchen Sie es mit einem anderen Format.',
		},
		416: {
			name: 'Bereich nicht erfüllbar',
			help: 'Den Teil der Datei, den Ihr Browser angefordert hat, gibt es nicht. Laden Sie die ganze Datei noch einmal herunter.',
		},
		417: {
			name: 'Erwartung fehlgeschlagen',
			help: 'Der Server kann nicht erfüllen, was die Anfrage von ihm erwartet. Versuchen Sie es ohne besondere Einstellungen erneut.',
		},
		418: {
			name: 'Ich bin eine Teekanne',
			help: 'Dieser Code ist reserviert, kein echter Server sendet ihn. Was auch immer Sie gesucht haben – hier ist es nicht.',
		},
		421: {
			name: 'Fehlgeleitete Anfrage',
			help: 'Die Anfrage ist bei einem Server gelandet, der für diese Website nicht zuständig ist. Versuchen Sie es gleich noch einmal.',
		},
		422: {
			name: 'Nicht verarbeitbarer Inhalt',
			help: 'Der Server hat die Anfrage verstanden, konnte ihren Inhalt aber nicht verarbeiten. Prüfen Sie Ihre Eingaben.',
		},
		423: {
			name: 'Gesperrt',
			help: 'Diese Ressource ist gesperrt, weil sie gerade anderweitig verwendet wird. Versuchen Sie es später erneut.',
		},
		424: {
			name: 'Fehlgeschlagene Abhängigkeit',
			help: 'Die Anfrage hing von einer anderen ab, die fehlgeschlagen ist. Führen Sie die ganze Aktion noch einmal aus.',
		},
		425: {
			name: 'Zu früh',
			help: 'Der Server verarbeitet keine Anfrage, die möglicherweise wiederholt eingespielt wird. Versuchen Sie es erneut.',
		},
		426: {
			name: 'Upgrade erforderlich',
			help: 'Der Server benötigt ein neueres Protokoll, als Ihr Browser verwendet hat. Aktualisieren Sie Ihren Browser und versuchen Sie es dann erneut.',
		},
		428: {
			name: 'Vorbedingung erforderlich',
			help: 'Der Server nimmt diese Änderung nur mit einer Versionsprüfung an. Laden Sie die Seite neu und versuchen Sie es erneut.',
		},
		429: {
			name: 'Zu viele Anfragen',
			help: 'Sie haben in kurzer Zeit zu viele Anfragen gesendet. Warten Sie eine Minute und versuchen Sie es dann erneut.',
		},
		431: {
			name: 'Header-Felder der Anfrage zu groß',
			help: 'Ihr Browser hat mehr Header-Daten gesendet, als der Server annimmt, oft wegen zu vieler Cookies. Löschen Sie die Cookies dieser Website und versuchen Sie es erneut.',
		},
		451: {
			name: 'Aus rechtlichen Gründen nicht verfügbar',
			help: 'Diese Seite kann in Ihrer Region aus rechtlichen Gründen nicht angezeigt werden.',
		},
		500: {
			name: 'Interner Serverfehler',
			help: 'Bei uns ist etwas schiefgelaufen. Versuchen Sie es in ein paar Minuten erneut.',
		},
		501: {
			name: 'Nicht implementiert',
			help: 'Der Server unterstützt nicht, was diese Anfrage verlangt.',
		},
		502: {
			name: 'Fehlerhaftes Gateway',
			help: 'Ein Server hinter dieser Website hat eine fehlerhafte Antwort gesendet. Versuchen Sie es in ein paar Minuten erneut.',
		},
		503: {
			name: 'Dienst nicht verfügbar',
			help: 'Die Website wird gerade gewartet oder ist überlastet. Bitte versuchen Sie es in Kürze erneut.',
		},
		504: {
			name: 'Gateway-Zeitüberschreitung',
			help: 'Ein Server hinter dieser Website hat zu lange für die Antwort gebraucht. Versuchen Sie es in ein paar Minuten erneut.',
		},
		505: {
			name: 'HTTP-Version nicht unterstützt',
			help: 'Der Server unterstützt die HTTP-Version nicht, die Ihr Browser verwendet hat. Aktualisieren Sie Ihren Browser.',
		},
		506: {
			name: 'Variante verhandelt ebenfalls',
			help: 'Der Server ist falsch konfiguriert und konnte keine Version dieser Seite auswählen. Versuchen Sie es später erneut.',
		},
		507: {
			name: 'Unzureichender Speicher',
			help: 'Dem Server ist der Speicherplatz ausgegangen, um die Anfrage abzuschließen. Versuchen Sie es später erneut.',
		},
		508: {
			name: 'Endlosschleife erkannt',
			help: 'Der Server hat die Anfrage abgebrochen, weil sie sich im Kreis gedreht hat. Versuchen Sie es später erneut.',
		},
		510: {
			name: 'Nicht erweitert',
			help: 'Der Server braucht weitere Angaben in der Anfrage, bevor er antworten kann.',
		},
		511: {
			name: 'Netzwerkauthentifizierung erforderlich',
			help: 'Für das Netzwerk, in dem Sie sich befinden, ist eine Anmeldung nötig, oft über eine Anmeldeseite im Browser. Melden Sie sich an und versuchen Sie es dann erneut.',
		},
	},
	actions: {
		label: 'Was Sie tun können',
		home: 'Zur Startseite',
		retry: 'Erneut versuchen',
		support: 'Support kontaktieren',
		status: 'Statusseite',
	},
	applicationError: {
		title: 'Anwendungsfehler: Im Client ist eine Ausnahme aufgetreten',
		heading: 'Anwendungsfehler',
		message:
			'Anwendungsfehler: Im Client ist eine Ausnahme aufgetreten (weitere Informationen finden Sie in der Browserkonsole).',
		help: 'Oft hilft es, die Seite neu zu laden. Wenn der Fehler bestehen bleibt, schauen Sie bitte später noch einmal vorbei.',
	},
	globalError: {
		title: 'Anwendungsfehler',
		heading: 'Anwendungsfehler',
		help: 'Oft hilft es, die Seite neu zu laden. Wenn der Fehler bestehen bleibt, schauen Sie bitte später noch einmal vorbei.',
		client:
			'Anwendungsfehler: Beim Laden von {host} ist im Client eine Ausnahme aufgetreten (weitere Informationen finden Sie in der Browserkonsole).',
		server:
			'Anwendungsfehler: Beim Laden von {host} ist auf dem Server eine Ausnahme aufgetreten (weitere Informationen finden Sie in den Serverprotokollen).',
		digest: 'Digest: {digest}',
	},
	languages: 'Weitere Sprachen',
	requestId: 'Anfrage-ID: {id}',
	preview: {
		label: 'Deploy-Vorschau',
		preview: 'Vorschau',
		branch: 'Branch',
		commit: 'Commit',
		allPages: 'Alle Seiten',
	},
	gallery: {
		title: '{site}: alle Fehlerseiten',
		description: 'Alle {count} Fehlerseiten von {site}, jeweils mit ihrem Statuscode.',
		intro:
			'{count} Seiten, jede unter ihrer echten Adresse aufgerufen und mit ihrem eigenen Statuscode ausgeliefert; jedes Bild zeigt die Seite im hellen und im dunklen Farbschema.',
		clientErrors: 'Clientfehler (4xx)',
		serverErrors: 'Serverfehler (5xx)',
		applicationErrors: 'Anwendungsfehler',
		context: 'Kontext',
		branch: 'Branch',
		commit: 'Commit',
		deployUrl: 'Deploy-URL',
		built: 'Erstellt am',
		unknown: 'unbekannt',
	},
} as const satisfies Messages;
