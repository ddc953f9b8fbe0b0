/** Makes the app's phone breakpoint match (true) or not (false) for the components rendered next. */
export function setPhone(phone: boolean): void {
  window.matchMedia = (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
