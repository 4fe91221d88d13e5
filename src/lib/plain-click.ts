/** What a click, the DOM's or React's, says about where the browser would open a link. */
type ClickButtons = Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">;

/**
 * A click that follows a link in this tab: the main button and no modifier key. Any other (a new
 * tab or window, a download) is the browser's, so the app leaves it alone.
 */
export function isPlainClick(event: ClickButtons): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
