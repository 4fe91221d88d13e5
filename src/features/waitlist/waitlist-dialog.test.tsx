import { screen, waitFor, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
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

/** Records every POST the function receives; answers with `respond`. */
function spyOnFunction(respond: () => Response | Promise<Response> = () => HttpResponse.json({ ok: true })) {
  const bodies: unknown[] = [];
  server.use(
    http.post(FUNCTION, async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}

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
    expect(email).toHaveAttribute("placeholder", site.contactEmail);
    expect(email).toHaveFocus();
    expect(within(dialog).getByText(/updates on our development progress and get early access/)).toBeInTheDocument();
    expect(within(dialog).queryByText("Comparison Limit Reached")).not.toBeInTheDocument();
  });

  it.each([
    ["an empty address", ""],
    ["a blank address", "   "],
    ["an address without '@'", "ada.example.com"],
  ])("refuses %s with a toast and sends nothing", async (_case, value) => {
    const bodies = spyOnFunction();
    const user = renderWaitlist();
    const dialog = await openDialog(user);
    const email = within(dialog).getByRole("textbox", { name: "Email address" });
    if (value) await user.type(email, value);
    await user.click(within(dialog).getByRole("button", { name: "Get Early Access" }));

    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog", { name: "Join the Waitlist" })).toBeInTheDocument();
    expect(bodies).toEqual([]);
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
});
