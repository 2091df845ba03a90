/**
 * The mark at the end of Fallback's screen on every page, where a server that writes its request
 * ID into the page puts the line (requestIdMarkup): Fallback's own, so that the line lands in the
 * screen whatever the layout around it (its own `<main>`, none, Starlight's frame). Shipped as a
 * source, with the components that write it.
 */
export const REQUEST_ID_MARK = '<!--request-id-->';
