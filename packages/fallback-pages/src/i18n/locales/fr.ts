/** French: formal "vous" with polite imperatives (Vérifiez, Réessayez), sentence case for status names, typographic apostrophes, U+00A0 before colons and U+202F before ; ! ?. */
import type { Messages } from '../messages';

export default {
	lang: 'fr',
	dir: 'ltr',
	endonym: 'Français',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Requête incorrecte',
			help: 'Le serveur n’a pas pu comprendre la requête. Vérifiez l’adresse ou le formulaire, puis réessayez.',
		},
		401: {
			name: 'Non autorisé',
			message: 'Vous n’avez pas l’autorisation d’accéder à cette page.',
			help: 'Cette page nécessite une connexion. Connectez-vous, puis rouvrez-la.',
		},
		402: {
			name: 'Paiement requis',
			help: 'Ce contenu nécessite un paiement ou un abonnement actif. Vérifiez vos informations de facturation, puis réessayez.',
		},
		403: {
			name: 'Accès interdit',
			message: 'Impossible d’accéder à cette page.',
			help: 'Vous n’avez pas la permission de consulter cette page. Contactez le propriétaire du site si vous pensez devoir y accéder.',
		},
		404: {
			name: 'Introuvable',
			message: 'Cette page est introuvable.',
			help: 'L’adresse est peut-être mal saisie, ou la page a été déplacée. Vérifiez le lien ou repartez de la page d’accueil.',
		},
		405: {
			name: 'Méthode non autorisée',
			help: 'Cette adresse n’accepte pas ce type de requête. Ouvrez-la plutôt comme un lien ordinaire.',
		},
		406: {
			name: 'Non acceptable',
			help: 'Le serveur ne dispose d’aucune version de cette page dans un format accepté par votre navigateur.',
		},
		407: {
			name: 'Authentification proxy requise',
			help: 'Un proxy entre vous et ce site exige une connexion. Connectez-vous au proxy, puis réessayez.',
		},
		408: {
			name: 'Délai de requête dépassé',
			help: 'Votre navigateur a mis trop de temps à envoyer la requête. Vérifiez votre connexion, puis réessayez.',
		},
		409: {
			name: 'Conflit',
			help: 'La requête entre en conflit avec l’état actuel de la page, souvent après une autre modification. Rechargez la page, puis réessayez.',
		},
		410: {
			name: 'Supprimé',
			help: 'Cette page a été supprimée volontairement et ne reviendra pas. Pensez à mettre à jour vos favoris.',
		},
		411: {
			name: 'Longueur requise',
			help: 'La requête n’indiquait pas sa taille, le serveur l’a donc refusée. Réessayez depuis le site lui-même.',
		},
		412: {
			name: 'Échec de la précondition',
			help: 'La page a changé depuis le dernier chargement par votre navigateur. Rechargez-la, puis réessayez.',
		},
		413: {
			name: 'Contenu trop volumineux',
			help: 'Les données envoyées dépassent la taille acceptée par le serveur. Envoyez un fichier plus petit ou moins de données.',
		},
		414: {
			name: 'URI trop longue',
			help: 'L’adresse est plus longue que ce que le serveur accepte. Utilisez un lien plus court.',
		},
		415: {
			name: 'Type de média non pris en charge',
			help: 'Le serveur n’accepte pas le type de fichier ou de données envoyé. Essayez un autre format.',
		},
		416: {
			name: 'Plage non satisfaisable',
			help: 'La partie du fichier demandée par votre navigateur n’existe pas. Téléchargez à nouveau le fichier complet.',
		},
		417: {
			name: 'Attente non satisfaite',
			help: 'Le serveur ne peut pas satisfaire ce que la requête attendait de lui. Réessayez sans paramètres particuliers.',
		},
		418: {
			name: 'Je suis une théière',
			help: 'Ce code est réservé et aucun vrai serveur ne l’envoie. Quoi que vous ayez demandé, ce n’est pas ici.',
		},
		421: {
			name: 'Requête mal dirigée',
			help: 'La requête est arrivée sur un serveur qui ne peut pas répondre pour ce site. Réessayez dans un instant.',
		},
		422: {
			name: 'Contenu non traitable',
			help: 'Le serveur a compris la requête, mais n’a pas pu traiter son contenu. Vérifiez les informations saisies.',
		},
		423: {
			name: 'Verrouillé',
			help: 'Cette ressource est verrouillée, car elle est en cours d’utilisation. Réessayez plus tard.',
		},
		424: {
			name: 'Échec de dépendance',
			help: 'La requête dépendait d’une autre requête qui a échoué. Recommencez toute l’opération.',
		},
		425: {
			name: 'Trop tôt',
			help: 'Le serveur refuse de traiter une requête qui risquerait d’être rejouée. Réessayez.',
		},
		426: {
			name: 'Mise à niveau requise',
			help: 'Le serveur exige un protocole plus récent que celui utilisé par votre navigateur. Mettez votre navigateur à jour, puis réessayez.',
		},
		428: {
			name: 'Précondition requise',
			help: 'Le serveur n’accepte cette modification qu’avec une vérification de version. Rechargez la page, puis réessayez.',
		},
		429: {
			name: 'Trop de requêtes',
			help: 'Vous avez envoyé trop de requêtes en peu de temps. Patientez une minute, puis réessayez.',
		},
		431: {
			name: 'Champs d’en-tête de requête trop volumineux',
			help: 'Votre navigateur a envoyé plus de données d’en-tête que le serveur n’en accepte, souvent à cause d’un trop grand nombre de cookies. Effacez les cookies de ce site, puis réessayez.',
		},
		451: {
			name: 'Indisponible pour des raisons juridiques',
			help: 'Cette page ne peut pas être affichée dans votre région pour des raisons juridiques.',
		},
		500: {
			name: 'Erreur interne du serveur',
			help: 'Un problème est survenu de notre côté. Réessayez dans quelques minutes.',
		},
		501: {
			name: 'Non implémenté',
			help: 'Le serveur ne prend pas en charge ce que demande cette requête.',
		},
		502: {
			name: 'Passerelle incorrecte',
			help: 'Un serveur en amont de ce site a renvoyé une réponse invalide. Réessayez dans quelques minutes.',
		},
		503: {
			name: 'Service indisponible',
			help: 'Le site est en maintenance ou surchargé. Veuillez réessayer dans quelques instants.',
		},
		504: {
			name: 'Délai de passerelle dépassé',
			help: 'Un serveur en amont de ce site a mis trop de temps à répondre. Réessayez dans quelques minutes.',
		},
		505: {
			name: 'Version HTTP non prise en charge',
			help: 'Le serveur ne prend pas en charge la version de HTTP utilisée par votre navigateur. Mettez votre navigateur à jour.',
		},
		506: {
			name: 'La variante négocie aussi',
			help: 'Le serveur est mal configuré et n’a pas pu choisir de version de cette page. Réessayez plus tard.',
		},
		507: {
			name: 'Espace de stockage insuffisant',
			help: 'Le serveur manque d’espace pour traiter la requête. Réessayez plus tard.',
		},
		508: {
			name: 'Boucle détectée',
			help: 'Le serveur a interrompu la requête, car elle tournait en boucle. Réessayez plus tard.',
		},
		510: {
			name: 'Non étendu',
			help: 'Le serveur a besoin d’informations supplémentaires dans la requête pour pouvoir répondre.',
		},
		511: {
			name: 'Authentification réseau requise',
			help: 'Le réseau que vous utilisez exige une identification, souvent via une page de connexion dans le navigateur. Connectez-vous, puis réessayez.',
		},
	},
	actions: {
		label: 'Ce que vous pouvez faire',
		home: 'Retour à l’accueil',
		retry: 'Réessayer',
		support: 'Contacter l’assistance',
		status: 'État du service',
	},
	applicationError: {
		title: 'Erreur d’application : une exception s’est produite côté client',
		heading: 'Erreur d’application',
		message:
			'Erreur d’application : une exception s’est produite côté client (consultez la console du navigateur pour plus d’informations).',
		help: 'Recharger la page suffit souvent. Si le problème persiste, revenez plus tard.',
	},
	globalError: {
		title: 'Erreur d’application',
		heading: 'Erreur d’application',
		help: 'Recharger la page suffit souvent. Si le problème persiste, revenez plus tard.',
		client:
			'Erreur d’application : une exception s’est produite côté client lors du chargement de {host} (consultez la console du navigateur pour plus d’informations).',
		server:
			'Erreur d’application : une exception s’est produite côté serveur lors du chargement de {host} (consultez les journaux du serveur pour plus d’informations).',
		digest: 'Empreinte : {digest}',
	},
	languages: 'Autres langues',
	requestId: 'Identifiant de la requête : {id}',
	preview: {
		label: 'Aperçu du déploiement',
		preview: 'Aperçu',
		branch: 'branche',
		commit: 'commit',
		allPages: 'Toutes les pages',
	},
	gallery: {
		title: '{site} : toutes les pages d’erreur',
		description: 'Les {count} pages d’erreur de {site}, chacune avec son code de statut.',
		intro:
			'{count} pages, chacune ouverte à sa véritable adresse et servie avec son propre code de statut ; chaque image montre la page en thème clair et en thème sombre.',
		clientErrors: 'Erreurs client (4xx)',
		serverErrors: 'Erreurs serveur (5xx)',
		applicationErrors: 'Erreurs d’application',
		context: 'Contexte',
		branch: 'Branche',
		commit: 'Commit',
		deployUrl: 'URL du déploiement',
		built: 'Généré le',
		unknown: 'inconnu',
	},
} as const satisfies Messages;
