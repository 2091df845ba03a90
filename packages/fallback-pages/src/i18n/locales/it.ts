/** Italian: informal "tu" as is usual on Italian websites (Controlla, Riprova), sentence case for status names, typographic apostrophes; established loanwords kept (browser, server, link, proxy, cookie, commit). */
import type { Messages } from '../messages';

export default {
	lang: 'it',
	dir: 'ltr',
	endonym: 'Italiano',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Richiesta non valida',
			help: 'Il server non è riuscito a interpretare la richiesta. Controlla l’indirizzo o il modulo e riprova.',
		},
		401: {
			name: 'Non autorizzato',
			message: 'Non hai l’autorizzazione per accedere a questa pagina.',
			help: 'Per vedere questa pagina devi effettuare l’accesso. Accedi, poi riaprila.',
		},
		402: {
			name: 'Pagamento richiesto',
			help: 'Questo contenuto richiede un pagamento o un abbonamento attivo. Controlla i dati di fatturazione e riprova.',
		},
		403: {
			name: 'Accesso negato',
			message: 'Impossibile accedere a questa pagina.',
			help: 'Non hai il permesso di visualizzare questa pagina. Se pensi di doverlo avere, chiedi al proprietario del sito.',
		},
		404: {
			name: 'Non trovato',
			message: 'Impossibile trovare questa pagina.',
			help: 'L’indirizzo potrebbe contenere un errore di battitura, oppure la pagina è stata spostata. Controlla il link o riparti dalla pagina iniziale.',
		},
		405: {
			name: 'Metodo non consentito',
			help: 'Questo indirizzo non accetta questo tipo di richiesta. Aprilo invece come un normale link.',
		},
		406: {
			name: 'Non accettabile',
			help: 'Il server non ha una versione di questa pagina in un formato accettato dal tuo browser.',
		},
		407: {
			name: 'Autenticazione proxy richiesta',
			help: 'Un proxy tra te e questo sito richiede l’accesso. Accedi al proxy e riprova.',
		},
		408: {
			name: 'Tempo della richiesta scaduto',
			help: 'Il tuo browser ha impiegato troppo tempo a inviare la richiesta. Controlla la connessione e riprova.',
		},
		409: {
			name: 'Conflitto',
			help: 'La richiesta è in conflitto con lo stato attuale della pagina, spesso dopo un’altra modifica. Ricarica e riprova.',
		},
		410: {
			name: 'Non più disponibile',
			help: 'Questa pagina è stata rimossa intenzionalmente e non tornerà. Aggiorna i tuoi segnalibri.',
		},
		411: {
			name: 'Lunghezza richiesta',
			help: 'La richiesta non indicava la propria dimensione, quindi il server l’ha rifiutata. Riprova direttamente dal sito.',
		},
		412: {
			name: 'Precondizione non soddisfatta',
			help: 'La pagina è cambiata dall’ultima volta che il tuo browser l’ha caricata. Ricaricala e riprova.',
		},
		413: {
			name: 'Contenuto troppo grande',
			help: 'Hai inviato più dati di quanti il server ne accetti. Invia un file più piccolo o meno dati.',
		},
		414: {
			name: 'URI troppo lungo',
			help: 'L’indirizzo è più lungo di quanto il server accetti. Usa un link più breve.',
		},
		415: {
			name: 'Tipo di media non supportato',
			help: 'Il server non accetta il tipo di file o di dati che hai inviato. Prova un altro formato.',
		},
		416: {
			name: 'Intervallo non soddisfacibile',
			help: 'La parte del file richiesta dal tuo browser non esiste. Scarica di nuovo l’intero file.',
		},
		417: {
			name: 'Aspettativa non soddisfatta',
			help: 'Il server non può soddisfare ciò che la richiesta si aspettava. Riprova senza impostazioni particolari.',
		},
		418: {
			name: 'Sono una teiera',
			help: 'Questo codice è riservato e nessun server reale lo invia. Qualunque cosa tu abbia chiesto, qui non c’è.',
		},
		421: {
			name: 'Richiesta mal indirizzata',
			help: 'La richiesta è arrivata a un server che non può rispondere per questo sito. Riprova tra un momento.',
		},
		422: {
			name: 'Contenuto non elaborabile',
			help: 'Il server ha compreso la richiesta, ma non è riuscito a elaborarne il contenuto. Controlla i dati inseriti.',
		},
		423: {
			name: 'Bloccato',
			help: 'Questa risorsa è bloccata perché è in uso altrove. Riprova più tardi.',
		},
		424: {
			name: 'Dipendenza non riuscita',
			help: 'La richiesta dipendeva da un’altra che non è andata a buon fine. Ripeti l’intera operazione.',
		},
		425: {
			name: 'Troppo presto',
			help: 'Il server non vuole rischiare di elaborare una richiesta che potrebbe essere ripetuta. Riprova.',
		},
		426: {
			name: 'Aggiornamento richiesto',
			help: 'Il server richiede un protocollo più recente di quello usato dal tuo browser. Aggiorna il browser e riprova.',
		},
		428: {
			name: 'Precondizione richiesta',
			help: 'Il server accetta questa modifica solo con un controllo della versione. Ricarica la pagina e riprova.',
		},
		429: {
			name: 'Troppe richieste',
			help: 'Hai inviato troppe richieste in poco tempo. Attendi un minuto e riprova.',
		},
		431: {
			name: 'Campi di intestazione della richiesta troppo grandi',
			help: 'Il tuo browser ha inviato più dati di intestazione di quanti il server ne accetti, spesso a causa di troppi cookie. Cancella i cookie di questo sito e riprova.',
		},
		451: {
			name: 'Non disponibile per motivi legali',
			help: 'Questa pagina non può essere mostrata nella tua area geografica per motivi legali.',
		},
		500: {
			name: 'Errore interno del server',
			help: 'Si è verificato un problema da parte nostra. Riprova tra qualche minuto.',
		},
		501: {
			name: 'Non implementato',
			help: 'Il server non supporta ciò che questa richiesta chiede.',
		},
		502: {
			name: 'Gateway non valido',
			help: 'Un server a monte di questo sito ha inviato una risposta non valida. Riprova tra qualche minuto.',
		},
		503: {
			name: 'Servizio non disponibile',
			help: 'Il sito è in manutenzione o sovraccarico. Riprova tra poco.',
		},
		504: {
			name: 'Tempo di attesa del gateway scaduto',
			help: 'Un server a monte di questo sito ha impiegato troppo tempo a rispondere. Riprova tra qualche minuto.',
		},
		505: {
			name: 'Versione HTTP non supportata',
			help: 'Il server non supporta la versione di HTTP usata dal tuo browser. Aggiorna il browser.',
		},
		506: {
			name: 'Anche la variante negozia',
			help: 'Il server non è configurato correttamente e non è riuscito a scegliere una versione di questa pagina. Riprova più tardi.',
		},
		507: {
			name: 'Spazio di archiviazione insufficiente',
			help: 'Il server ha esaurito lo spazio per completare la richiesta. Riprova più tardi.',
		},
		508: {
			name: 'Ciclo rilevato',
			help: 'Il server ha interrotto la richiesta perché era finita in un ciclo. Riprova più tardi.',
		},
		510: {
			name: 'Non esteso',
			help: 'Il server ha bisogno di più informazioni nella richiesta per poter rispondere.',
		},
		511: {
			name: 'Autenticazione di rete richiesta',
			help: 'La rete che stai usando richiede l’accesso, spesso tramite una pagina di accesso nel browser. Accedi e riprova.',
		},
	},
	actions: {
		label: 'Cosa puoi fare',
		home: 'Torna alla pagina iniziale',
		retry: 'Riprova',
		support: 'Contatta l’assistenza',
		status: 'Stato del servizio',
	},
	applicationError: {
		title: 'Errore dell’applicazione: si è verificata un’eccezione lato client',
		heading: 'Errore dell’applicazione',
		message:
			'Errore dell’applicazione: si è verificata un’eccezione lato client (per maggiori informazioni, consulta la console del browser).',
		help: 'Spesso basta ricaricare la pagina. Se il problema persiste, torna più tardi.',
	},
	globalError: {
		title: 'Errore dell’applicazione',
		heading: 'Errore dell’applicazione',
		help: 'Spesso basta ricaricare la pagina. Se il problema persiste, torna più tardi.',
		client:
			'Errore dell’applicazione: si è verificata un’eccezione lato client durante il caricamento di {host} (per maggiori informazioni, consulta la console del browser).',
		server:
			'Errore dell’applicazione: si è verificata un’eccezione lato server durante il caricamento di {host} (per maggiori informazioni, consulta i log del server).',
		digest: 'Impronta: {digest}',
	},
	languages: 'Altre lingue',
	requestId: 'ID della richiesta: {id}',
	preview: {
		label: 'Anteprima della distribuzione',
		preview: 'Anteprima',
		branch: 'ramo',
		commit: 'commit',
		allPages: 'Tutte le pagine',
	},
	gallery: {
		title: '{site}: tutte le pagine di errore',
		description: 'Tutte le {count} pagine di errore di {site}, ciascuna con il proprio codice di stato.',
		intro:
			'{count} pagine, ciascuna aperta al suo indirizzo reale e servita con il proprio codice di stato; ogni immagine mostra la pagina con il tema chiaro e con quello scuro.',
		clientErrors: 'Errori del client (4xx)',
		serverErrors: 'Errori del server (5xx)',
		applicationErrors: 'Errori dell’applicazione',
		context: 'Contesto',
		branch: 'Ramo',
		commit: 'Commit',
		deployUrl: 'URL della distribuzione',
		built: 'Generato il',
		unknown: 'sconosciuto',
	},
} as const satisfies Messages;
