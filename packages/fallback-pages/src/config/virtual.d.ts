declare module 'virtual:fallback/config' {
	const config: import('./options').FallbackConfig;
	export default config;
}
declare module 'virtual:fallback/theme.css';
declare module 'virtual:fallback/schemes.css';
