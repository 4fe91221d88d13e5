/** Which call to action opened the waitlist dialog; stored with the signup for attribution. */
export type WaitlistSource =
  "banner" | "header" | "drawer" | "hero" | "promo" | "floating" | "limit-reached" | "privacy" | "confirm";
