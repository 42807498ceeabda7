// The join page's loader (server/http/first-paint.ts says why): the page's scripts are asked for once its
// first paint, drawn from the served HTML, is on screen. The page lists them: the entry, then its chunks.
// Imports nothing, not even the element's id (PAGE_SCRIPTS_ELEMENT_ID in shared/first-paint.ts): each
// import adds to the bytes /register loads (bench B6).
function load() {
  const list = document.getElementById('page-scripts')?.textContent;
  (JSON.parse(list || '[]') as string[]).forEach((url, i) => {
    const tag = document.createElement(i ? 'link' : 'script') as HTMLScriptElement & HTMLLinkElement;
    if (i) [tag.rel, tag.href] = ['modulepreload', url];
    else [tag.type, tag.src] = ['module', url];
    tag.crossOrigin = '';
    document.head.append(tag);
  });
}

// A hidden tab paints nothing (and runs no animation frame): it loads at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(load));
else load();
