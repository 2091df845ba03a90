/** Polish: informal second person singular (Sprawdź, Spróbuj), as Polish websites usually write, with the courtesy capital in Ty/Twój forms; gendered past-tense forms avoided with impersonal ones (wysłano); – dash. */
import type { Messages } from '../messages';

export default {
	lang: 'pl',
	dir: 'ltr',
	endonym: 'Polski',
	fullStop: '.',
	statuses: {
		400: {
			name: 'Nieprawidłowe żądanie',
			help: 'Serwer nie zrozumiał żądania. Sprawdź adres lub formularz i spróbuj jeszcze raz.',
		},
		401: {
			name: 'Brak autoryzacji',
			message: 'Nie masz uprawnień dostępu do tej strony.',
			help: 'Ta strona wymaga zalogowania. Zaloguj się, a potem otwórz ją ponownie.',
		},
		402: {
			name: 'Wymagana płatność',
			help: 'Ta treść wymaga aktywnej płatności lub subskrypcji. Sprawdź swoje płatności i spróbuj ponownie.',
		},
		403: {
			name: 'Dostęp zabroniony',
			message: 'Nie udało się uzyskać dostępu do tej strony.',
			help: 'Nie masz uprawnień do wyświetlenia tej strony. Jeśli uważasz, że to pomyłka, skontaktuj się z właścicielem witryny.',
		},
		404: {
			name: 'Nie znaleziono',
			message: 'Nie znaleziono tej strony.',
			help: 'Adres może zawierać literówkę albo strona została przeniesiona. Sprawdź link lub zacznij od strony głównej.',
		},
		405: {
			name: 'Niedozwolona metoda',
			help: 'Ten adres nie przyjmuje tego rodzaju żądań. Otwórz go zamiast tego jako zwykły link.',
		},
		406: {
			name: 'Nieakceptowalne',
			help: 'Serwer nie ma tej strony w żadnym formacie, który akceptuje Twoja przeglądarka.',
		},
		407: {
			name: 'Wymagane uwierzytelnienie proxy',
			help: 'Serwer proxy między Tobą a tą witryną wymaga zalogowania. Zaloguj się do proxy i spróbuj ponownie.',
		},
		408: {
			name: 'Przekroczony czas żądania',
			help: 'Przeglądarka zbyt długo wysyłała żądanie. Sprawdź połączenie i spróbuj ponownie.',
		},
		409: {
			name: 'Konflikt',
			help: 'Żądanie jest sprzeczne z bieżącym stanem strony, często po innej zmianie. Odśwież stronę i spróbuj ponownie.',
		},
		410: {
			name: 'Zasób usunięty',
			help: 'Ta strona została celowo usunięta i już nie wróci. Zaktualizuj swoje zakładki.',
		},
		411: {
			name: 'Wymagana długość',
			help: 'Żądanie nie podawało swojego rozmiaru, więc serwer je odrzucił. Spróbuj ponownie bezpośrednio z tej witryny.',
		},
		412: {
			name: 'Niespełniony warunek wstępny',
			help: 'Strona zmieniła się od czasu, gdy przeglądarka ostatnio ją wczytała. Odśwież ją i spróbuj ponownie.',
		},
		413: {
			name: 'Zbyt duża zawartość',
			help: 'Wysłane dane są większe, niż serwer przyjmuje. Wyślij mniejszy plik lub mniej danych.',
		},
		414: {
			name: 'Zbyt długi URI',
			help: 'Adres jest dłuższy, niż serwer przyjmuje. Użyj krótszego linku.',
		},
		415: {
			name: 'Nieobsługiwany typ danych',
			help: 'Serwer nie przyjmuje wysłanego rodzaju pliku lub danych. Spróbuj innego formatu.',
		},
		416: {
			name: 'Zakres niemożliwy do spełnienia',
			help: 'Fragment pliku, o który poprosiła przeglądarka, nie istnieje. Pobierz cały plik jeszcze raz.',
		},
		417: {
			name: 'Niespełnione oczekiwanie',
			help: 'Serwer nie może spełnić oczekiwań zawartych w żądaniu. Spróbuj ponownie bez specjalnych ustawień.',
		},
		418: {
			name: 'Jestem czajnikiem',
			help: 'Ten kod jest zarezerwowany i żaden prawdziwy serwer go nie wysyła. Czegokolwiek szukasz – tutaj tego nie ma.',
		},
		421: {
			name: 'Błędnie skierowane żądanie',
			help: 'Żądanie trafiło do serwera, który nie obsługuje tej witryny. Spróbuj ponownie za chwilę.',
		},
		422: {
			name: 'Nieprzetwarzalna zawartość',
			help: 'Serwer zrozumiał żądanie, ale nie mógł przetworzyć jego zawartości. Sprawdź wprowadzone dane.',
		},
		423: {
			name: 'Zablokowany',
			help: 'Ten zasób jest zablokowany, bo coś innego go teraz używa. Spróbuj ponownie później.',
		},
		424: {
			name: 'Nieudana zależność',
			help: 'Żądanie zależało od innego, które się nie powiodło. Wykonaj całą czynność jeszcze raz.',
		},
		425: {
			name: 'Zbyt wcześnie',
			help: 'Serwer nie chce ryzykować przetworzenia żądania, które mogłoby zostać powtórzone. Spróbuj ponownie.',
		},
		426: {
			name: 'Wymagane uaktualnienie',
			help: 'Serwer wymaga nowszego protokołu niż ten, którego użyła przeglądarka. Zaktualizuj przeglądarkę i spróbuj ponownie.',
		},
		428: {
			name: 'Wymagany warunek wstępny',
			help: 'Serwer przyjmuje tę zmianę tylko ze sprawdzeniem wersji. Odśwież stronę i spróbuj ponownie.',
		},
		429: {
			name: 'Zbyt wiele żądań',
			help: 'W krótkim czasie wysłano zbyt wiele żądań. Odczekaj minutę i spróbuj ponownie.',
		},
		431: {
			name: 'Zbyt duże pola nagłówka żądania',
			help: 'Przeglądarka wysłała więcej danych w nagłówkach, niż serwer przyjmuje – często przez zbyt wiele plików cookie. Usuń pliki cookie tej witryny i spróbuj ponownie.',
		},
		451: {
			name: 'Niedostępne z przyczyn prawnych',
			help: 'Z przyczyn prawnych tej strony nie można wyświetlić w Twoim regionie.',
		},
		500: {
			name: 'Wewnętrzny błąd serwera',
			help: 'Coś poszło nie tak po naszej stronie. Spróbuj ponownie za kilka minut.',
		},
		501: {
			name: 'Nie zaimplementowano',
			help: 'Serwer nie obsługuje tego, czego wymaga to żądanie.',
		},
		502: {
			name: 'Błędna brama',
			help: 'Serwer działający za tą witryną zwrócił błędną odpowiedź. Spróbuj ponownie za kilka minut.',
		},
		503: {
			name: 'Usługa niedostępna',
			help: 'Witryna jest w trakcie prac konserwacyjnych lub jest przeciążona. Spróbuj ponownie za chwilę.',
		},
		504: {
			name: 'Przekroczony czas bramy',
			help: 'Serwer działający za tą witryną zbyt długo nie odpowiadał. Spróbuj ponownie za kilka minut.',
		},
		505: {
			name: 'Nieobsługiwana wersja HTTP',
			help: 'Serwer nie obsługuje wersji HTTP, której użyła przeglądarka. Zaktualizuj przeglądarkę.',
		},
		506: {
			name: 'Wariant również negocjuje',
			help: 'Serwer jest błędnie skonfigurowany i nie mógł wybrać wersji tej strony. Spróbuj ponownie później.',
		},
		507: {
			name: 'Niewystarczająca ilość miejsca',
			help: 'Serwerowi zabrakło miejsca, by dokończyć żądanie. Spróbuj ponownie później.',
		},
		508: {
			name: 'Wykryto pętlę',
			help: 'Serwer przerwał żądanie, bo wpadło ono w pętlę. Spróbuj ponownie później.',
		},
		510: {
			name: 'Brak rozszerzenia',
			help: 'Serwer potrzebuje w żądaniu więcej informacji, zanim będzie mógł odpowiedzieć.',
		},
		511: {
			name: 'Wymagane uwierzytelnienie w sieci',
			help: 'Sieć, z którą masz połączenie, wymaga zalogowania, często na stronie logowania w przeglądarce. Zaloguj się i spróbuj ponownie.',
		},
	},
	actions: {
		label: 'Co możesz zrobić',
		home: 'Wróć na stronę główną',
		retry: 'Spróbuj ponownie',
		support: 'Skontaktuj się z pomocą',
		status: 'Strona statusu',
	},
	applicationError: {
		title: 'Błąd aplikacji: wystąpił wyjątek po stronie klienta',
		heading: 'Błąd aplikacji',
		message:
			'Błąd aplikacji: wystąpił wyjątek po stronie klienta (więcej informacji znajdziesz w konsoli przeglądarki).',
		help: 'Często pomaga odświeżenie strony. Jeśli błąd się powtarza, wróć tu później.',
	},
	globalError: {
		title: 'Błąd aplikacji',
		heading: 'Błąd aplikacji',
		help: 'Często pomaga odświeżenie strony. Jeśli błąd się powtarza, wróć tu później.',
		client:
			'Błąd aplikacji: podczas wczytywania {host} wystąpił wyjątek po stronie klienta (więcej informacji znajdziesz w konsoli przeglądarki).',
		server:
			'Błąd aplikacji: podczas wczytywania {host} wystąpił wyjątek po stronie serwera (więcej informacji znajdziesz w logach serwera).',
		digest: 'Skrót: {digest}',
	},
	languages: 'Inne języki',
	requestId: 'Identyfikator żądania: {id}',
	preview: {
		label: 'Podgląd wdrożenia',
		preview: 'Podgląd',
		branch: 'gałąź',
		commit: 'commit',
		allPages: 'Wszystkie strony',
	},
	gallery: {
		title: '{site}: wszystkie strony błędów',
		description: 'Wszystkie strony błędów witryny {site} (łącznie: {count}), każda ze swoim kodem statusu.',
		intro:
			'Liczba stron: {count}. Każda jest otwierana pod swoim prawdziwym adresem i zwracana z własnym kodem statusu; każdy obraz pokazuje stronę w jasnym i ciemnym motywie.',
		clientErrors: 'Błędy klienta (4xx)',
		serverErrors: 'Błędy serwera (5xx)',
		applicationErrors: 'Błędy aplikacji',
		context: 'Kontekst',
		branch: 'Gałąź',
		commit: 'Commit',
		deployUrl: 'Adres URL wdrożenia',
		built: 'Zbudowano',
		unknown: 'brak danych',
	},
} as const satisfies Messages;
