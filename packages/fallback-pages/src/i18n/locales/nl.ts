/** Dutch: informal "je"/"jouw" throughout, as most Dutch websites address visitors; status names in sentence case, typographic apostrophes and ‘…’ quotes. */
import type { Messages } from '../messages';

export default {
	lang: 'nl',
	dir: 'ltr',
	endonym: 'Nederlands',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Ongeldig verzoek',
			help: 'De server kon het verzoek niet begrijpen. Controleer het adres of het formulier en probeer het nog een keer.',
		},
		401: {
			name: 'Niet geautoriseerd',
			message: 'Je hebt geen toegang tot deze pagina.',
			help: 'Voor deze pagina moet je ingelogd zijn. Log in en open de pagina daarna opnieuw.',
		},
		402: {
			name: 'Betaling vereist',
			help: 'Voor deze inhoud is een actieve betaling of een abonnement nodig. Controleer je betaalgegevens en probeer het daarna opnieuw.',
		},
		403: {
			name: 'Verboden',
			message: 'Deze pagina is niet toegankelijk.',
			help: 'Je hebt geen toestemming om deze pagina te bekijken. Neem contact op met de beheerder van de website als je denkt dat je die wel zou moeten hebben.',
		},
		404: {
			name: 'Niet gevonden',
			message: 'Deze pagina is niet gevonden.',
			help: 'Misschien is het adres verkeerd getypt of is de pagina verplaatst. Controleer de link of begin op de startpagina.',
		},
		405: {
			name: 'Methode niet toegestaan',
			help: 'Dit adres accepteert dit soort verzoeken niet. Open het in plaats daarvan als gewone link.',
		},
		406: {
			name: 'Niet aanvaardbaar',
			help: 'De server heeft deze pagina niet in een formaat dat je browser accepteert.',
		},
		407: {
			name: 'Proxy-authenticatie vereist',
			help: 'Een proxy tussen jou en deze website vraagt je om in te loggen. Log in bij de proxy en probeer het daarna opnieuw.',
		},
		408: {
			name: 'Time-out van verzoek',
			help: 'Je browser deed te lang over het versturen van het verzoek. Controleer je verbinding en probeer het opnieuw.',
		},
		409: {
			name: 'Conflict',
			help: 'Het verzoek botst met de huidige staat van de pagina, vaak na een andere wijziging. Laad de pagina opnieuw en probeer het nog eens.',
		},
		410: {
			name: 'Verdwenen',
			help: 'Deze pagina is bewust verwijderd en komt niet meer terug. Werk je bladwijzers bij.',
		},
		411: {
			name: 'Lengte vereist',
			help: 'Het verzoek gaf niet aan hoe groot het was, dus heeft de server het geweigerd. Probeer het opnieuw via de website zelf.',
		},
		412: {
			name: 'Niet voldaan aan voorwaarde',
			help: 'De pagina is gewijzigd sinds je browser haar voor het laatst heeft geladen. Laad de pagina opnieuw en probeer het nog eens.',
		},
		413: {
			name: 'Inhoud te groot',
			help: 'Wat je hebt verstuurd, is groter dan de server accepteert. Verstuur een kleiner bestand of minder gegevens.',
		},
		414: {
			name: 'URI te lang',
			help: 'Het adres is langer dan de server accepteert. Gebruik een kortere link.',
		},
		415: {
			name: 'Mediatype niet ondersteund',
			help: 'De server accepteert het soort bestand of gegevens dat je hebt verstuurd niet. Probeer een ander formaat.',
		},
		416: {
			name: 'Bereik niet beschikbaar',
			help: 'Het deel van het bestand dat je browser opvroeg, bestaat niet. Download het hele bestand opnieuw.',
		},
		417: {
			name: 'Niet voldaan aan verwachting',
			help: 'De server kan niet voldoen aan wat het verzoek van hem verwachtte. Probeer het opnieuw zonder speciale instellingen.',
		},
		418: {
			name: 'Ik ben een theepot',
			help: 'Deze code is gereserveerd en geen echte server stuurt hem. Wat je ook zocht, het is hier niet.',
		},
		421: {
			name: 'Verkeerd gericht verzoek',
			help: 'Het verzoek kwam terecht bij een server die niet voor deze website kan antwoorden. Probeer het zo meteen opnieuw.',
		},
		422: {
			name: 'Onverwerkbare inhoud',
			help: 'De server begreep het verzoek, maar kon de inhoud ervan niet verwerken. Controleer wat je hebt ingevuld.',
		},
		423: {
			name: 'Vergrendeld',
			help: 'Deze bron is vergrendeld omdat iets anders hem gebruikt. Probeer het later opnieuw.',
		},
		424: {
			name: 'Mislukte afhankelijkheid',
			help: 'Het verzoek hing af van een ander verzoek dat is mislukt. Voer de hele actie opnieuw uit.',
		},
		425: {
			name: 'Te vroeg',
			help: 'De server verwerkt liever geen verzoek dat mogelijk opnieuw wordt afgespeeld. Probeer het opnieuw.',
		},
		426: {
			name: 'Upgrade vereist',
			help: 'De server heeft een nieuwer protocol nodig dan je browser gebruikte. Werk je browser bij en probeer het daarna opnieuw.',
		},
		428: {
			name: 'Voorwaarde vereist',
			help: 'De server accepteert deze wijziging alleen met een versiecontrole. Laad de pagina opnieuw en probeer het nog eens.',
		},
		429: {
			name: 'Te veel verzoeken',
			help: 'Je hebt in korte tijd te veel verzoeken verstuurd. Wacht een minuut en probeer het daarna opnieuw.',
		},
		431: {
			name: 'Headervelden van verzoek te groot',
			help: 'Je browser stuurde meer headergegevens dan de server accepteert, vaak door te veel cookies. Wis de cookies van deze website en probeer het opnieuw.',
		},
		451: {
			name: 'Niet beschikbaar om juridische redenen',
			help: 'Deze pagina kan om juridische redenen niet in jouw regio worden getoond.',
		},
		500: {
			name: 'Interne serverfout',
			help: 'Er ging bij ons iets mis. Probeer het over een paar minuten opnieuw.',
		},
		501: {
			name: 'Niet geïmplementeerd',
			help: 'De server ondersteunt niet wat dit verzoek vraagt.',
		},
		502: {
			name: 'Ongeldige gateway',
			help: 'Een server achter deze website gaf een ongeldig antwoord. Probeer het over een paar minuten opnieuw.',
		},
		503: {
			name: 'Dienst niet beschikbaar',
			help: 'De website is in onderhoud of overbelast. Probeer het straks opnieuw.',
		},
		504: {
			name: 'Gateway-time-out',
			help: 'Een server achter deze website deed er te lang over om te antwoorden. Probeer het over een paar minuten opnieuw.',
		},
		505: {
			name: 'HTTP-versie niet ondersteund',
			help: 'De server ondersteunt de HTTP-versie die je browser gebruikte niet. Werk je browser bij.',
		},
		506: {
			name: 'Variant onderhandelt ook',
			help: 'De server is verkeerd ingesteld en kon geen versie van deze pagina kiezen. Probeer het later opnieuw.',
		},
		507: {
			name: 'Onvoldoende opslagruimte',
			help: 'De server had niet genoeg ruimte om het verzoek af te ronden. Probeer het later opnieuw.',
		},
		508: {
			name: 'Lus gedetecteerd',
			help: 'De server heeft het verzoek gestopt omdat het in een kringetje ronddraaide. Probeer het later opnieuw.',
		},
		510: {
			name: 'Niet uitgebreid',
			help: 'De server heeft meer informatie in het verzoek nodig voordat hij kan antwoorden.',
		},
		511: {
			name: 'Netwerkauthenticatie vereist',
			help: 'Op het netwerk waarmee je verbonden bent, moet je eerst inloggen, vaak via een inlogpagina in de browser. Log in en probeer het daarna opnieuw.',
		},
	},
	actions: {
		label: 'Wat je kunt doen',
		home: 'Naar de startpagina',
		retry: 'Opnieuw proberen',
		support: 'Contact met support',
		status: 'Statuspagina',
	},
	applicationError: {
		title: 'Applicatiefout: er is een uitzondering opgetreden in de client',
		heading: 'Applicatiefout',
		message:
			'Applicatiefout: er is een uitzondering opgetreden in de client (zie de browserconsole voor meer informatie).',
		help: 'De pagina opnieuw laden helpt vaak. Blijft het gebeuren, kom dan later terug.',
	},
	globalError: {
		title: 'Applicatiefout',
		heading: 'Applicatiefout',
		help: 'De pagina opnieuw laden helpt vaak. Blijft het gebeuren, kom dan later terug.',
		client:
			'Applicatiefout: er is een uitzondering opgetreden in de client tijdens het laden van {host} (zie de browserconsole voor meer informatie).',
		server:
			'Applicatiefout: er is een uitzondering opgetreden op de server tijdens het laden van {host} (zie de serverlogs voor meer informatie).',
		digest: 'Digest: {digest}',
	},
	languages: 'Andere talen',
	requestId: 'Verzoek-ID: {id}',
	preview: {
		label: 'Preview-deploy',
		preview: 'Preview',
		branch: 'branch',
		commit: 'commit',
		allPages: 'Alle pagina’s',
	},
	gallery: {
		title: '{site}: alle foutpagina’s',
		description: 'Alle {count} foutpagina’s van {site}, elk met de eigen statuscode.',
		intro:
			'{count} pagina’s, elk geopend op het echte adres en geleverd met de eigen statuscode; elke afbeelding toont de pagina in het lichte en het donkere kleurenschema.',
		clientErrors: 'Clientfouten (4xx)',
		serverErrors: 'Serverfouten (5xx)',
		applicationErrors: 'Applicatiefouten',
		context: 'Context',
		branch: 'Branch',
		commit: 'Commit',
		deployUrl: 'Deploy-URL',
		built: 'Gegenereerd op',
		unknown: 'onbekend',
	},
} as const satisfies Messages;
