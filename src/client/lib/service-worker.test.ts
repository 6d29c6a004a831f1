import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** The browser's side of one tab: its service worker container, registration and location. */
function browserTab() {
  const container = Object.assign(new EventTarget(), {
    controller: { state: "activated" } as ServiceWorker | null,
    register: vi.fn(),
  });
  const waiting = Object.assign(new EventTarget(), { state: "installed", postMessage: vi.fn() });
  const registration = Object.assign(new EventTarget(), {
    waiting: waiting as unknown as ServiceWorker,
    installing: null,
    update: vi.fn(async () => undefined),
  });
  container.register.mockResolvedValue(registration);
  const reload = vi.fn();
  vi.stubGlobal("navigator", { serviceWorker: container });
  vi.stubGlobal("document", Object.assign(new EventTarget(), { visibilityState: "visible" }));
  vi.stubGlobal("window", { location: { reload } });
  return { container, waiting, reload };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("service worker updates", () => {
  it("reloads the tab that asked, once the new build has taken over", async () => {
    const tab = browserTab();
    const sw = await import("./service-worker.ts");
    await sw.registerServiceWorker();
    sw.applyUpdate();
    expect(tab.waiting.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    expect(tab.reload).not.toHaveBeenCalled();
    tab.container.dispatchEvent(new Event("controllerchange"));
    expect(tab.reload).toHaveBeenCalledTimes(1);
  });

  it("a tab whose build was replaced from another tab still reloads when asked", async () => {
    // Two tabs of Studyhall both offer 'Reload to update'; the student clicks it in the other one first.
    const tab = browserTab();
    const sw = await import("./service-worker.ts");
    await sw.registerServiceWorker();
    // The other tab's click: the new build activates and takes this page over too, which still runs
    // the old build's code.
    tab.container.dispatchEvent(new Event("controllerchange"));
    expect(tab.reload).not.toHaveBeenCalled();
    sw.applyUpdate();
    expect(tab.reload).toHaveBeenCalledTimes(1);
  });

  it("leaves the page alone on the first install, which takes over by itself", async () => {
    const tab = browserTab();
    tab.container.controller = null;
    const sw = await import("./service-worker.ts");
    await sw.registerServiceWorker();
    tab.container.dispatchEvent(new Event("controllerchange"));
    sw.applyUpdate();
    expect(tab.waiting.postMessage).not.toHaveBeenCalled();
    expect(tab.reload).not.toHaveBeenCalled();
  });
});
