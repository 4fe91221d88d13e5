// Values for the zero-config local stack. They are public by design: the local API
// runs on loopback only and these keys are the Supabase CLI's well-known demo keys,
// which sign nothing real. Real projects set VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY.
export const LOCAL_API_HOST = "127.0.0.1";
export const LOCAL_API_PORT = 54321;
export const LOCAL_API_URL = `http://${LOCAL_API_HOST}:${LOCAL_API_PORT}`;
export const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";
