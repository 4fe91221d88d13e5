import { screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { site } from "@/config/site";
import { useWaitlistDialog } from "@/features/waitlist/waitlist-provider";
import { server } from "../../../tests/msw/server";
import { renderWithProviders } from "../../../tests/render";

const FUNCTION = "*/functions/v1/add-to-waitlist";
const INVALID = "Please enter a valid email address";
const SUCCESS = "Success! You're on the waitlist. Check your email for confirmation.";
const FAILED = "Failed to join waitlist. Please try again.";

// Stand-ins for the page's calls to action: the provider and dialog are the real ones.
function Openers() {
  const { openWaitlist } = useWaitlistDialog();
  return (
    <>
      <button type="button" onClick={() => openWaitlist({ source: "header" })}>
        Open waitlist
      </button>
      <button type="button" onClick={() => openWaitlist({ limitReached: true, source: "limit-reached" })}>
        Select a fourth protocol
      </button>
    </>
  );
}

/** The real providers (waitlist dialog, toaster) around stand-in openers. */
function renderWaitlist() {
  return renderWithProviders(<Openers />).user;
}

/** Records every POST the function receives (bodies, and the bot check's header); answers with `respond`. */
function spyOnFunction(respond: () => Response | Promise<Response> = () => HttpResponse.json({ ok: true })) {
  const bodies: unknown[] = [];
  const tokens: Array<string | null> = [];
  server.use(
    http.post(FUNCTION, async ({ request }) => {
      bodies.push(await request.json());
      tokens.push(request.headers.get("x-turnstile-token"));
      return respond();
    }),
  );
  // Not enumerable: `expect(bodies).toEqual([...])` compares the bodies only.
  return Object.defineProperty(bodies, "tokens", { value: tokens, enumerable: false }) as unknown[] & {
    tokens: Array<string | null>;
  };
}

/** The toaster's live region: where the spec's toasts show (apart from any text in the dialog). */
const toasts = () => screen.getByRole("region", { name: /notifications/i });

async function openDialog(user: ReturnType<typeof userEvent.setup>, opener = "Open waitlist") {
  await user.click(screen.getByRole("button", { name: opener }));
  return screen.findByRole("dialog", { name: "Join the Waitlist" });
}

describe("waitlist dialog", () => {
  it("is titled, described, and offers a labelled e-mail field", async () => {
    const user = renderWaitlist();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleDescription(
      "Get early access to institutional-grade portfolio analytics for tokenized RWAs.",
    );
    const email = within(dialog).getByRole("textbox", { name: "Email address" });
    expect(email).toHaveAttribute("type", "email");
    expect(email).toBeRequired();
    // An example address: our own contact address there read as if the field were filled in.
    expect(email).toHaveAttribute("placeholder", "you@example.com");
    expect(email).not.toHaveAttribute("placeholder", site.contactEmail);
    expect(email).toHaveFocus();
    expect(within(dialog).getByText(/updates on our development progress and get early access/)).toBeInTheDocument();
    expect(within(dialog).queryByText("Comparison Limit Reached")).not.toBeInTheDocument();
  });

  it.each([
    ["an empty address", ""],
    ["a blank address", "   "],
    ["an address without '@'", "ada.example.com"],
  ])("refuses %s with a toast and the same words at the field, and sends nothing", async (_case, value) => {
    const bodies = spyOnFunction();
    const user = renderWaitlist();
    const dialog = await openDialog(user);
    const email = within(dialog).getByRole("textbox", { name: "Email address" });
    if (value) await user.type(email, value);
    await user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));

    expect(await within(toasts()).findByText(INVALID)).toBeInTheDocument();
    // Next to the field too, and read with it: focus is back on the field.
    expect(within(dialog).getByText(INVALID)).toBeVisible();
    expect(email).toHaveAccessibleDescription(INVALID);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveFocus();
    expect(screen.getByRole("dialog", { name: "Join the Waitlist" })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("takes the error away from the field as soon as the address is edited", async () => {
    const user = renderWaitlist();
    const dialog = await openDialog(user);
    const email = within(dialog).getByRole("textbox", { name: "Email address" });
    await user.type(email, "ada.example.com");
    await user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));
    expect(within(dialog).getByText(INVALID)).toBeVisible();

    await user.type(email, "x");
    expect(within(dialog).queryByText(INVALID)).not.toBeInTheDocument();
    expect(email).not.toHaveAccessibleDescription();
    expect(email).not.toHaveAttribute("aria-invalid");
  });

  it("clears the form's error toasts when it then succeeds, so the success toast stands alone", async () => {
    let status = 503;
    spyOnFunction(() => HttpResponse.json(status === 200 ? { ok: true } : { error: "x" }, { status }));
    const user = renderWaitlist();
    const dialog = await openDialog(user);
    const email = within(dialog).getByRole("textbox", { name: "Email address" });
    const submit = () => user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));

    await user.type(email, "ada.example.com");
    await submit();
    expect(await within(toasts()).findByText(INVALID)).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, "ada@example.com");
    await submit();
    expect(await within(toasts()).findByText(FAILED)).toBeInTheDocument();
    // Both errors are up now; the next attempt succeeds.
    expect(within(toasts()).getByText(INVALID)).toBeInTheDocument();

    status = 200;
    await submit();
    expect(await within(toasts()).findByText(SUCCESS)).toBeInTheDocument();
    // Gone at once (the exit animation takes 200 ms), long before their own 5 s would run out.
    const soon = { timeout: 1500 };
    await waitFor(() => expect(within(toasts()).queryByText(INVALID)).not.toBeInTheDocument(), soon);
    await waitFor(() => expect(within(toasts()).queryByText(FAILED)).not.toBeInTheDocument(), soon);
    expect(within(toasts()).getAllByRole("listitem")).toHaveLength(1);
  });

  it("joins: sends the trimmed address and source, toasts success, closes, and reopens empty", async () => {
    const bodies = spyOnFunction();
    const user = renderWaitlist();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole("textbox", { name: "Email address" }), "  ada@example.com ");
    await user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));

    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Join the Waitlist" })).not.toBeInTheDocument());
    expect(bodies).toEqual([{ email: "ada@example.com", source: "header" }]);

    const reopened = await openDialog(user);
    expect(within(reopened).getByRole("textbox", { name: "Email address" })).toHaveValue("");
  });

  it("reads 'Joining...' with the field and button disabled while sending", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    spyOnFunction(async () => {
      await answered;
      return HttpResponse.json({ ok: true });
    });
    const user = renderWaitlist();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole("textbox", { name: "Email address" }), "ada@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));

    expect(await within(dialog).findByRole("button", { name: "Joining..." })).toBeDisabled();
    expect(within(dialog).getByRole("textbox", { name: "Email address" })).toBeDisabled();

    answer();
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
  });

  it.each([
    ["an error status", () => HttpResponse.json({ error: "Store unavailable" }, { status: 503 })],
    ["a network failure", () => HttpResponse.error()],
    [
      "a success status with a body that is not JSON",
      () => new HttpResponse("{not json", { headers: { "Content-Type": "application/json" } }),
    ],
    ["a relay error", () => HttpResponse.json({ ok: true }, { headers: { "x-relay-error": "true" } })],
  ])("treats %s as a failed join: the dialog stays open with the address", async (_, respond) => {
    spyOnFunction(respond);
    const user = renderWaitlist();
    const dialog = await openDialog(user);
    const email = within(dialog).getByRole("textbox", { name: "Email address" });
    await user.type(email, "ada@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));

    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Join the Waitlist" })).toBeInTheDocument();
    expect(email).toHaveValue("ada@example.com");
    expect(within(dialog).getByRole("button", { name: "Get Early Access" })).toBeEnabled();
  });

  it("shows the limit-reached variant, and closing resets it", async () => {
    const user = renderWaitlist();
    const limited = await openDialog(user, "Select a fourth protocol");
    expect(within(limited).getByText("Comparison Limit Reached")).toBeInTheDocument();
    expect(
      within(limited).getByText("You can compare up to 3 protocols at once with our free preview tool."),
    ).toBeInTheDocument();
    expect(limited).toHaveAccessibleDescription(/unlimited comparisons, advanced risk metrics and real-time tracking/);

    await user.click(within(limited).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Focus goes back to what opened the dialog.
    expect(screen.getByRole("button", { name: "Select a fourth protocol" })).toHaveFocus();

    const normal = await openDialog(user);
    expect(within(normal).queryByText("Comparison Limit Reached")).not.toBeInTheDocument();
    expect(
      within(normal).getByText("Get early access to institutional-grade portfolio analytics for tokenized RWAs."),
    ).toBeInTheDocument();
  });

  it("closes with Escape", async () => {
    const user = renderWaitlist();
    await openDialog(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  describe("the bot check (Cloudflare Turnstile)", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      delete window.turnstile;
    });

    /** A stand-in for Turnstile's browser API: each widget hands out tok-1, tok-2, ... */
    function fakeTurnstile() {
      const rendered: Array<{ sitekey: string; action: string }> = [];
      const resets: string[] = [];
      const removed: string[] = [];
      let issued = 0;
      const callbacks = new Map<string, (token: string) => void>();
      window.turnstile = {
        render(_container, options) {
          const id = `w${rendered.length + 1}`;
          rendered.push({ sitekey: options.sitekey, action: options.action });
          callbacks.set(id, options.callback);
          setTimeout(() => options.callback(`tok-${++issued}`), 0);
          return id;
        },
        reset(id) {
          resets.push(id);
          setTimeout(() => callbacks.get(id)?.(`tok-${++issued}`), 0);
        },
        remove(id) {
          removed.push(id);
        },
      };
      return { rendered, resets, removed };
    }

    it("loads nothing and sends no token while the build has no site key", async () => {
      vi.stubEnv("VITE_TURNSTILE_SITE_KEY", "");
      const sent = spyOnFunction();
      const user = renderWaitlist();
      const dialog = await openDialog(user);
      await user.type(within(dialog).getByRole("textbox", { name: "Email address" }), "ada@example.com");
      await user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));
      expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
      expect(sent.tokens).toEqual([null]);
      expect(document.querySelector('script[src*="challenges.cloudflare.com"]')).toBeNull();
      expect(dialog.querySelector("[data-bot-check]")).toBeNull();
    });

    it("with a site key: renders the widget, sends its token in X-Turnstile-Token, and asks for a new one after each attempt", async () => {
      vi.stubEnv("VITE_TURNSTILE_SITE_KEY", "1x00000000000000000000AA");
      const turnstile = fakeTurnstile();
      let status = 503;
      const sent = spyOnFunction(() => HttpResponse.json(status === 200 ? { ok: true } : { error: "x" }, { status }));
      const user = renderWaitlist();
      const dialog = await openDialog(user);
      await waitFor(() =>
        expect(turnstile.rendered).toEqual([{ sitekey: "1x00000000000000000000AA", action: "waitlist-signup" }]),
      );
      await user.type(within(dialog).getByRole("textbox", { name: "Email address" }), "ada@example.com");
      await user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));
      // A refused attempt (the spec's failure toast) gets a fresh token for the next one.
      expect(await screen.findByText(FAILED)).toBeInTheDocument();
      await waitFor(() => expect(turnstile.resets).toEqual(["w1"]));
      status = 200;
      await user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));
      expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
      expect(sent.tokens).toEqual(["tok-1", "tok-2"]);
      // The body is unchanged (and stays under the function's 1 KB cap whatever the token's length).
      expect(sent).toEqual([
        { email: "ada@example.com", source: "header" },
        { email: "ada@example.com", source: "header" },
      ]);
      await waitFor(() => expect(turnstile.removed).toEqual(["w1"]));
    });
  });
});
