// /confirm#stop=…: the "This wasn't me: stop" link every confirmation mail carries (issue 30, item 2).
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { server } from "../../tests/msw/server";
import { renderApp } from "../../tests/render";
import { STOP_TEXTS } from "@/features/waitlist/confirm-texts";

const TOKEN = "q3Yb0Jt2m8sYyF1b1Yp3a8b9c0d1e2f3g4h5i6j7k8l";
// The page is a lazy route: its first render waits for the chunk, slow on a loaded machine.
const LOADED = { timeout: 10_000 };

/** Answers the stop route with `status` (or an HTTP error) and records what was sent; confirm must not be called. */
function stopAnswers(answer: { status: string } | { httpStatus: number }) {
  const sent: Array<{ route: string; body: unknown }> = [];
  server.use(
    http.post("*/functions/v1/add-to-waitlist/:route", async ({ request, params }) => {
      sent.push({ route: String(params.route), body: await request.json() });
      return "httpStatus" in answer
        ? HttpResponse.json({ error: "The waitlist is temporarily unavailable." }, { status: answer.httpStatus })
        : HttpResponse.json(answer);
    }),
  );
  return sent;
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="referrer"], meta[name="robots"]').forEach((m) => m.remove());
});

async function findStopButton() {
  expect(await screen.findByRole("heading", { level: 1, name: STOP_TEXTS.ready.title }, LOADED)).toBeVisible();
  return screen.getByRole("button", { name: STOP_TEXTS.ready.button });
}

describe("/confirm#stop=", () => {
  it("stops nothing on load; the button stops the emails and says so", async () => {
    const sent = stopAnswers({ status: "stopped" });
    const { user, router } = renderApp(`/confirm#stop=${TOKEN}`);
    const button = await findStopButton();
    expect(screen.getByText(STOP_TEXTS.ready.body)).toBeInTheDocument();
    expect(screen.getByText(STOP_TEXTS.heading)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm my email" })).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Stop emails · /));
    // The token leaves the address bar at once, as a confirm link's does.
    await waitFor(() => expect(router.location).toMatchObject({ pathname: "/confirm", search: "", hash: "" }));
    expect(router.location.state).toEqual({ stopToken: TOKEN });
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
    expect(sent).toEqual([]);

    await user.click(button);
    expect(await screen.findByRole("heading", { level: 1, name: STOP_TEXTS.stopped.title }, LOADED)).toBeVisible();
    expect(screen.getByText(STOP_TEXTS.stopped.body)).toBeInTheDocument();
    expect(sent).toEqual([{ route: "stop", body: { token: TOKEN } }]);
    await waitFor(() => expect(router.location.state).toEqual({ stopOutcome: "stopped" }));
  });

  it("shows the outcome again on a reload of the cleaned URL, without asking again", async () => {
    const sent = stopAnswers({ status: "stopped" });
    renderApp({ pathname: "/confirm", state: { stopOutcome: "stopped" } });
    expect(await screen.findByRole("heading", { level: 1, name: STOP_TEXTS.stopped.title }, LOADED)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it("a reload before the press still has the token, and stops on the press", async () => {
    const sent = stopAnswers({ status: "stopped" });
    const { user } = renderApp({ pathname: "/confirm", state: { stopToken: TOKEN } });
    await user.click(await findStopButton());
    expect(await screen.findByRole("heading", { level: 1, name: STOP_TEXTS.stopped.title }, LOADED)).toBeVisible();
    expect(sent).toEqual([{ route: "stop", body: { token: TOKEN } }]);
  });

  it("says a link the function does not know is not valid", async () => {
    stopAnswers({ status: "invalid" });
    const { user } = renderApp(`/confirm#stop=${TOKEN}`);
    await user.click(await findStopButton());
    expect(await screen.findByRole("heading", { level: 1, name: STOP_TEXTS.invalid.title }, LOADED)).toBeVisible();
    expect(screen.getByText(STOP_TEXTS.invalid.body)).toBeInTheDocument();
  });

  it("treats a malformed stop token as not valid without calling the function", async () => {
    const sent = stopAnswers({ status: "stopped" });
    for (const path of ["/confirm#stop=", `/confirm#stop=${TOKEN}x`, "/confirm#stop=short"]) {
      const { unmount } = renderApp(path);
      expect(await screen.findByRole("heading", { level: 1, name: STOP_TEXTS.invalid.title }, LOADED)).toBeVisible();
      expect(screen.queryByRole("button", { name: STOP_TEXTS.ready.button })).toBeNull();
      unmount();
    }
    expect(sent).toEqual([]);
  });

  it("keeps the token for a retry when the function fails, and stops on 'Try again'", async () => {
    stopAnswers({ httpStatus: 503 });
    const { user } = renderApp(`/confirm#stop=${TOKEN}`);
    await user.click(await findStopButton());
    expect(await screen.findByRole("heading", { level: 1, name: STOP_TEXTS.failed.title }, LOADED)).toBeVisible();
    expect(screen.getByText(STOP_TEXTS.failed.body)).toBeInTheDocument();
    const sent = stopAnswers({ status: "stopped" });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: STOP_TEXTS.stopped.title }, LOADED)).toBeVisible();
    expect(sent).toEqual([{ route: "stop", body: { token: TOKEN } }]);
  });
});
