// sessionStorage can throw (storage disabled, some private modes); a failed read or write
// must never break the page, it only means the flag is not remembered.
export function readSessionFlag(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

export function writeSessionFlag(key: string): void {
  try {
    window.sessionStorage.setItem(key, "1");
  } catch {
    // Not remembered for the session; the banner stays closed until the next page load.
  }
}
