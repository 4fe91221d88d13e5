// The waitlist's toast texts (SPEC, section 4). A module of their own so the provider, which is
// on the boot path, can show the load-failure toast without importing the signup mutation and,
// through it, the full Supabase client.
export const WAITLIST_MESSAGES = {
  invalid: "Please enter a valid email address",
  success: "Success! You're on the waitlist. Check your email for confirmation.",
  failed: "Failed to join waitlist. Please try again.",
  unexpected: "Something went wrong. Please try again.",
} as const;
