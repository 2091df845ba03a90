/**
 * The stand-in of an endpoint of the site's with parameters in Fallback's pass
 * (integration/pagesPass.ts): it builds nothing.
 */
export const getStaticPaths = (): [] => [];
export const GET = (): Response => new Response('');
