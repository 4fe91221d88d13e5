// The slug rule is shared with the Edge Functions (the feed's ?protocol=<slug> names a protocol by
// its page slug), and a function cannot import from src/: the one implementation lives there.
export { FORMER_SLUGS, slugify, uniqueSlugs } from "../../../../supabase/functions/_shared/slug.ts";
