import { act, render, screen } from "@testing-library/react";
import { Component, Suspense, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { onDemand } from "./on-demand";
import { onDemandComponent } from "./on-demand-component";

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

const page = (Lazy: (props: { name: string }) => ReactNode) => (
  <Boundary>
    <Suspense fallback={<p>Loading page...</p>}>
      <Lazy name="Ada" />
    </Suspense>
  </Boundary>
);

describe("onDemandComponent", () => {
  it("shows the fallback while the code downloads, then the component with its props", async () => {
    let resolve!: (module: { Greeting: typeof Greeting }) => void;
    const code = onDemand(
      () => new Promise<{ Greeting: typeof Greeting }>((done) => (resolve = done)),
      (m) => m.Greeting,
    );
    await act(async () => {
      render(page(onDemandComponent(code)));
    });
    expect(screen.getByText("Loading page...")).toBeInTheDocument();
    await act(async () => resolve({ Greeting }));
    expect(screen.getByText("Hello, Ada")).toBeInTheDocument();
  });

  it("renders at once, with no fallback, when the code is already in", async () => {
    const code = onDemand(
      () => Promise.resolve({ Greeting }),
      (m) => m.Greeting,
    );
    await code.load();
    render(page(onDemandComponent(code)));
    expect(screen.getByText("Hello, Ada")).toBeInTheDocument();
    expect(screen.queryByText("Loading page...")).not.toBeInTheDocument();
  });

  it("hands a failed download to the error boundary, then renders after an intent retries", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const importer = vi.fn().mockRejectedValueOnce(new TypeError("offline")).mockResolvedValueOnce({ Greeting });
    const code = onDemand(importer, (m: { Greeting: typeof Greeting }) => m.Greeting);
    const Lazy = onDemandComponent(code);
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(page(Lazy));
    });
    expect(screen.getByRole("alert")).toHaveTextContent("offline");
    // The boundary's replays read the same failure: one download so far.
    expect(importer).toHaveBeenCalledTimes(1);

    await act(() => code.load());
    await act(async () => {
      view.rerender(<div key="again">{page(Lazy)}</div>);
    });
    expect(screen.getByText("Hello, Ada")).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
    consoleError.mockRestore();
  });
});
