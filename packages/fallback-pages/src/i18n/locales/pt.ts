/** Portuguese: Brazilian usage (acessar, arquivo, navegador), "você" register with polite imperatives (Verifique, Tente), kept neutral where possible; sentence case for status names. */
import type { Messages } from '../messages';

export default {
	lang: 'pt',
	dir: 'ltr',
	endonym: 'Português',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Requisição inválida',
			help: 'O servidor não conseguiu entender a requisição. Verifique o endereço ou o formulário e tente mais uma vez.',
		},
		401: {
			name: 'Não autorizado',
			message: 'Você não tem autorização para acessar esta página.',
			help: 'É preciso iniciar sessão para ver esta página. Inicie sessão e abra-a novamente.',
		},
		402: {
			name: 'Pagamento necessário',
			help: 'Este conteúdo exige um pagamento ou uma assinatura ativa. Verifique seus dados de cobrança e tente novamente.',
		},
		403: {
			name: 'Proibido',
			message: 'Não foi possível acessar esta página.',
			help: 'Você não tem permissão para ver esta página. Se acha que deveria ter, fale com o responsável pelo site.',
		},
		404: {
			name: 'Não encontrado',
			message: 'Não foi possível encontrar esta página.',
			help: 'O endereço pode estar incorreto ou a página pode ter mudado de lugar. Verifique o link ou comece pela página inicial.',
		},
		405: {
			name: 'Método não permitido',
			help: 'Este endereço não aceita esse tipo de requisição. Abra-o como um link comum.',
		},
		406: {
			name: 'Não aceitável',
			help: 'O servidor não tem uma versão desta página em um formato que seu navegador aceite.',
		},
		407: {
			name: 'Autenticação de proxy necessária',
			help: 'Um proxy entre você e este site exige autenticação. Inicie sessão no proxy e tente novamente.',
		},
		408: {
			name: 'Tempo de requisição esgotado',
			help: 'Seu navegador demorou demais para enviar a requisição. Verifique sua conexão e tente novamente.',
		},
		409: {
			name: 'Conflito',
			help: 'A requisição entra em conflito com o estado atual da página, muitas vezes depois de outra edição. Recarregue e tente novamente.',
		},
		410: {
			name: 'Removido',
			help: 'Esta página foi removida de propósito e não vai voltar. Por favor, atualize seus favoritos.',
		},
		411: {
			name: 'Comprimento necessário',
			help: 'A requisição não informou seu tamanho, por isso o servidor a recusou. Tente novamente a partir do próprio site.',
		},
		412: {
			name: 'Falha na pré-condição',
			help: 'A página mudou desde a última vez que seu navegador a carregou. Recarregue-a e tente novamente.',
		},
		413: {
			name: 'Conteúdo grande demais',
			help: 'O que você enviou é maior do que o servidor aceita. Envie um arquivo menor ou menos dados.',
		},
		414: {
			name: 'URI longa demais',
			help: 'O endereço é mais longo do que o servidor aceita. Use um link mais curto.',
		},
		415: {
			name: 'Tipo de mídia não suportado',
			help: 'O servidor não aceita o tipo de arquivo ou de dados que você enviou. Tente outro formato.',
		},
		416: {
			name: 'Intervalo não satisfatório',
			help: 'A parte do arquivo que seu navegador pediu não existe. Baixe o arquivo inteiro novamente.',
		},
		417: {
			name: 'Falha na expectativa',
			help: 'O servidor não consegue atender ao que a requisição esperava dele. Tente novamente sem configurações especiais.',
		},
		418: {
			name: 'Sou um bule de chá',
			help: 'Este código é reservado e nenhum servidor de verdade o envia. Seja o que for que você procura, não está aqui.',
		},
		421: {
			name: 'Requisição mal direcionada',
			help: 'A requisição chegou a um servidor que não responde por este site. Tente novamente em instantes.',
		},
		422: {
			name: 'Conteúdo não processável',
			help: 'O servidor entendeu a requisição, mas não conseguiu processar o conteúdo. Verifique os dados informados.',
		},
		423: {
			name: 'Bloqueado',
			help: 'Este recurso está bloqueado enquanto outro processo o utiliza. Tente novamente mais tarde.',
		},
		424: {
			name: 'Falha de dependência',
			help: 'A requisição dependia de outra que falhou. Repita a ação inteira.',
		},
		425: {
			name: 'Cedo demais',
			help: 'O servidor não vai arriscar processar uma requisição que pode ser reenviada. Tente novamente.',
		},
		426: {
			name: 'Atualização necessária',
			help: 'O servidor exige um protocolo mais recente do que o usado pelo seu navegador. Atualize o navegador e tente novamente.',
		},
		428: {
			name: 'Pré-condição necessária',
			help: 'O servidor só aceita esta alteração com uma verificação de versão. Recarregue a página e tente novamente.',
		},
		429: {
			name: 'Requisições demais',
			help: 'Você enviou requisições demais em pouco tempo. Aguarde um minuto e tente novamente.',
		},
		431: {
			name: 'Campos de cabeçalho da requisição grandes demais',
			help: 'Seu navegador enviou mais dados de cabeçalho do que o servidor aceita, muitas vezes por excesso de cookies. Apague os cookies deste site e tente novamente.',
		},
		451: {
			name: 'Indisponível por motivos legais',
			help: 'Esta página não pode ser exibida na sua região por motivos legais.',
		},
		500: {
			name: 'Erro interno do servidor',
			help: 'Algo deu errado do nosso lado. Tente novamente em alguns minutos.',
		},
		501: {
			name: 'Não implementado',
			help: 'O servidor não oferece suporte ao que esta requisição pede.',
		},
		502: {
			name: 'Gateway inválido',
			help: 'Um servidor por trás deste site enviou uma resposta inválida. Tente novamente em alguns minutos.',
		},
		503: {
			name: 'Serviço indisponível',
			help: 'O site está em manutenção ou sobrecarregado. Tente novamente em breve.',
		},
		504: {
			name: 'Tempo limite do gateway esgotado',
			help: 'Um servidor por trás deste site demorou demais para responder. Tente novamente em alguns minutos.',
		},
		505: {
			name: 'Versão HTTP não suportada',
			help: 'O servidor não suporta a versão do HTTP usada pelo seu navegador. Atualize o navegador.',
		},
		506: {
			name: 'Variante também negocia',
			help: 'O servidor está mal configurado e não conseguiu escolher uma versão desta página. Tente novamente mais tarde.',
		},
		507: {
			name: 'Armazenamento insuficiente',
			help: 'O servidor ficou sem espaço para concluir a requisição. Tente novamente mais tarde.',
		},
		508: {
			name: 'Ciclo detectado',
			help: 'O servidor interrompeu a requisição porque ela entrou em um ciclo. Tente novamente mais tarde.',
		},
		510: {
			name: 'Não estendido',
			help: 'O servidor precisa de mais informações na requisição antes de poder responder.',
		},
		511: {
			name: 'Autenticação de rede necessária',
			help: 'A rede que você está usando exige autenticação, muitas vezes por um portal no navegador. Inicie sessão e tente novamente.',
		},
	},
	actions: {
		label: 'O que você pode fazer',
		home: 'Voltar à página inicial',
		retry: 'Tentar novamente',
		support: 'Falar com o suporte',
		status: 'Página de status',
	},
	applicationError: {
		title: 'Erro de aplicação: ocorreu uma exceção no lado do cliente',
		heading: 'Erro de aplicação',
		message:
			'Erro de aplicação: ocorreu uma exceção no lado do cliente (consulte o console do navegador para mais informações).',
		help: 'Recarregar a página costuma resolver. Se o problema persistir, volte mais tarde.',
	},
	globalError: {
		title: 'Erro de aplicação',
		heading: 'Erro de aplicação',
		help: 'Recarregar a página costuma resolver. Se o problema persistir, volte mais tarde.',
		client:
			'Erro de aplicação: ocorreu uma exceção no lado do cliente ao carregar {host} (consulte o console do navegador para mais informações).',
		server:
			'Erro de aplicação: ocorreu uma exceção no lado do servidor ao carregar {host} (consulte os logs do servidor para mais informações).',
		digest: 'Resumo: {digest}',
	},
	languages: 'Outros idiomas',
	requestId: 'ID da solicitação: {id}',
	preview: {
		label: 'Pré-visualização da implantação',
		preview: 'Pré-visualização',
		branch: 'branch',
		commit: 'commit',
		allPages: 'Todas as páginas',
	},
	gallery: {
		title: '{site}: todas as páginas de erro',
		description: 'As {count} páginas de erro de {site}, cada uma com seu código de status.',
		intro:
			'{count} páginas, cada uma aberta no seu endereço real e servida com seu próprio código de status; cada imagem mostra a página no tema claro e no escuro.',
		clientErrors: 'Erros do cliente (4xx)',
		serverErrors: 'Erros do servidor (5xx)',
		applicationErrors: 'Erros de aplicação',
		context: 'Contexto',
		branch: 'Branch',
		commit: 'Commit',
		deployUrl: 'URL da implantação',
		built: 'Gerado em',
		unknown: 'desconhecido',
	},
} as const satisfies Messages;
