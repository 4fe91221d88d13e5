// The waitlist's toast texts (docs/product.md, 'The waitlist'). A module of their own so the provider, which is
// on the boot path, can show the load-failure toast without importing the signup mutation and,
// through it, the full Supabase client.
export const WAITLIST_MESSAGES = {
  invalid: "Please enter a valid email address",
  success: "Success! You're on the waitlist. Check your email for confirmation.",
  failed: "Failed to join waitlist. Please try again.",
  unexpected: "Something went wrong. Please try again.",
} as const;

/**
 * Fixed ids for the form's error toasts: a repeated error replaces its toast instead of stacking
 * copies, and a success dismisses both, so no stale error stays behind the success toast.
 */
export const WAITLIST_ERROR_TOASTS = {
  invalid: "waitlist-invalid-email",
  failed: "waitlist-failed",
} as const;
