declare module 'virtual:fallback/config' {
	const config: import('./options').FallbackConfig;
	export default config;
}
declare module 'virtual:fallback/theme.css';
declare module 'virtual:fallback/layout.css';
declare module 'virtual:fallback/schemes.css';
declare module 'virtual:fallback/layout' {
	/** The site's layout (the option `layout`), else Fallback's own page: both take LayoutProps. */
	const Layout: (props: import('../layouts/layoutProps').LayoutProps) => unknown;
	export default Layout;
}
