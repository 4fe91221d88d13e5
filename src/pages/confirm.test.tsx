import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { server } from "../../tests/msw/server";
import { renderApp } from "../../tests/render";
import { site } from "@/config/site";
import { CONFIRM_TEXTS, confirmedBody } from "@/features/waitlist/confirm-texts";
import { isLaunchTargetPast } from "@/lib/launch-target";

const TOKEN = "q3Yb0Jt2m8sYyF1b1Yp3a8b9c0d1e2f3g4h5i6j7k8l";
// The page is a lazy route: its first render waits for the chunk, slow on a loaded machine.
const LOADED = { timeout: 10_000 };

/** Answers the confirm route with `status` (or an HTTP error) and records what was sent. */
function confirmAnswers(answer: { status: string } | { httpStatus: number }) {
  const sent: unknown[] = [];
  server.use(
    http.post("*/functions/v1/add-to-waitlist/confirm", async ({ request }) => {
      sent.push(await request.json());
      return "httpStatus" in answer
        ? HttpResponse.json(
            { error: "The waitlist is temporarily unavailable. Please try again shortly." },
            { status: answer.httpStatus },
          )
        : HttpResponse.json(answer);
    }),
  );
  return sent;
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="referrer"], meta[name="robots"]').forEach((m) => m.remove());
});

/** The page as the mail's link opens it: waiting for the button, nothing sent yet. */
async function findConfirmButton() {
  expect(await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.ready.title }, LOADED)).toBeVisible();
  return screen.getByRole("button", { name: CONFIRM_TEXTS.ready.button });
}

describe("/confirm", () => {
  it("confirms nothing on load: the mailed #token= link waits for the button, which confirms", async () => {
    const sent = confirmAnswers({ status: "confirmed" });
    const { user } = renderApp(`/confirm#token=${TOKEN}`);
    const button = await findConfirmButton();
    expect(screen.getByText(CONFIRM_TEXTS.ready.body)).toBeInTheDocument();
    // A link scanner that runs the page stops here. A request the page sent by itself would be
    // in `sent` before the button's own has been answered, below.
    expect(sent).toEqual([]);

    await user.click(button);
    expect(
      await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.confirmed.title }, LOADED),
    ).toBeInTheDocument();
    const launch = { target: site.launchTarget, past: isLaunchTargetPast(site.launchTarget, new Date()) };
    expect(screen.getByText(confirmedBody(launch))).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole("link", { name: "Back to directory" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Explore the directory" })).toHaveAttribute("href", "/");
    await waitFor(() => expect(document.title).toMatch(/^Confirm your email/));
  });

  it("still reads the older ?token= links of mails already sent, on the button too", async () => {
    const sent = confirmAnswers({ status: "confirmed" });
    const { user } = renderApp(`/confirm?token=${TOKEN}`);
    await user.click(await findConfirmButton());
    expect(
      await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.confirmed.title }, LOADED),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
  });

  it("moves the token out of the address bar at once, and a reload before the press still confirms", async () => {
    const sent = confirmAnswers({ status: "confirmed" });
    for (const link of [`/confirm#token=${TOKEN}`, `/confirm?token=${TOKEN}`]) {
      const { router, unmount } = renderApp(link);
      await findConfirmButton();
      await waitFor(() => expect(router.location).toMatchObject({ pathname: "/confirm", search: "", hash: "" }));
      expect(router.location.state).toEqual({ confirmToken: TOKEN });
      unmount();
    }
    // A reload keeps the history entry's state, so the cleaned URL still has its token.
    const { user, router } = renderApp({ pathname: "/confirm", state: { confirmToken: TOKEN } });
    await user.click(await findConfirmButton());
    await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.confirmed.title }, LOADED);
    expect(sent).toEqual([{ token: TOKEN }]);
    // Once used, the entry keeps the outcome only.
    await waitFor(() => expect(router.location.state).toEqual({ confirmOutcome: "confirmed" }));
  });

  it("keeps no Referer and no index while shown", async () => {
    confirmAnswers({ status: "confirmed" });
    const { unmount } = renderApp(`/confirm#token=${TOKEN}`);
    await findConfirmButton();
    // The page's effect adds them after its first paint (a passive effect may flush after the commit).
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer"),
    );
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    unmount();
    expect(document.head.querySelector('meta[name="referrer"]')).toBeNull();
  });

  it("shows the same outcome when the cleaned URL is reloaded, without asking the function again", async () => {
    const sent = confirmAnswers({ status: "confirmed" });
    const { router, unmount, user } = renderApp(`/confirm#token=${TOKEN}`);
    await user.click(await findConfirmButton());
    await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.confirmed.title }, LOADED);
    await waitFor(() => expect(router.location.state).toEqual({ confirmOutcome: "confirmed" }));
    unmount();
    // A reload keeps the history entry's state; the URL no longer holds the token.
    renderApp({ pathname: "/confirm", state: { confirmOutcome: "confirmed" } });
    expect(
      await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.confirmed.title }, LOADED),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it("says 'already confirmed' for a link followed twice", async () => {
    confirmAnswers({ status: "already" });
    const { user } = renderApp(`/confirm#token=${TOKEN}`);
    await user.click(await findConfirmButton());
    expect(
      await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.already.title }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText(CONFIRM_TEXTS.already.body)).toBeInTheDocument();
  });

  it.each(["expired", "invalid"])("explains a %s link and offers to join again", async (status) => {
    confirmAnswers({ status });
    const { user } = renderApp(`/confirm#token=${TOKEN}`);
    await user.click(await findConfirmButton());
    expect(
      await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.expired.title }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText(CONFIRM_TEXTS.expired.body)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Join the waitlist" }));
    expect(await screen.findByRole("dialog", { name: "Join the Waitlist" }, LOADED)).toBeInTheDocument();
  });

  it("treats a missing or malformed token as an invalid link without calling the function", async () => {
    const sent = confirmAnswers({ status: "confirmed" });
    const paths = ["/confirm", "/confirm#token=", "/confirm?token=short", `/confirm#token=${TOKEN}x`, "/confirm#x"];
    for (const path of paths) {
      const { unmount } = renderApp(path);
      expect(
        await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.expired.title }, LOADED),
      ).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: CONFIRM_TEXTS.ready.button })).toBeNull();
      unmount();
    }
    expect(sent).toEqual([]);
  });

  it("keeps the token for a retry when the function fails, and confirms on 'Try again'", async () => {
    const sent = confirmAnswers({ httpStatus: 503 });
    const { user } = renderApp(`/confirm#token=${TOKEN}`);
    await user.click(await findConfirmButton());
    expect(
      await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.failed.title }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText(CONFIRM_TEXTS.failed.body)).toBeInTheDocument();
    confirmAnswers({ status: "confirmed" });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: CONFIRM_TEXTS.confirmed.title }, LOADED),
    ).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ token: TOKEN }]));
  });
});
