/**
 * Records the text each live region (role status or alert, aria-live) held when it entered the
 * page: the observer is told in a microtask after React's commit, before any timer runs.
 */
export function watchLiveRegions() {
  const textAtMount = new Map<Element, string>();
  const selector = '[role="status"], [role="alert"], [aria-live]';
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const regions = [
          ...(node.matches(selector) ? [node] : []),
          ...node.querySelectorAll(selector),
        ];
        for (const region of regions) {
          if (!textAtMount.has(region)) textAtMount.set(region, region.textContent ?? '');
        }
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return {
    /** The text the region around `element` held when it appeared. */
    textAtMount(element: Element) {
      const region = element.closest(selector);
      if (!region || !textAtMount.has(region)) throw new Error('no live region seen around it');
      return textAtMount.get(region);
    },
    stop: () => observer.disconnect(),
  };
}
