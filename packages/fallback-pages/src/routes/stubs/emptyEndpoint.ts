/**
 * The stand-in of an endpoint of the site's in Fallback's pass (integration/pagesPass.ts): an empty
 * file in the pass's own folder, which the site's build never sees.
 */
export const GET = (): Response => new Response('');
