/** A keen-slider plugin that advances the hero on a timer, paused while the pointer or focus is inside it. */

type Listener = (event: Event) => void;

/** The element the plugin listens on: the slider container (keen-slider gives an HTMLElement). */
export interface AutoplayRoot {
  addEventListener(type: string, listener: Listener): void;
  removeEventListener(type: string, listener: Listener): void;
  contains?(other: Node | null): boolean;
  matches?(selectors: string): boolean;
}

export type AutoplayHook = 'created' | 'dragStarted' | 'animationEnded' | 'updated' | 'destroyed';

/** The parts of a keen-slider instance autoplay uses, so tests can drive it with a small fake. */
export interface AutoplaySlider {
  container: AutoplayRoot;
  slides: ArrayLike<unknown>;
  next(): void;
  on(hook: AutoplayHook, callback: () => void): void;
}

export interface AutoplayOptions {
  /** Time each slide stays, in ms (HERO_AUTOPLAY_MS). */
  interval: number;
  /** prefers-reduced-motion: never advance on its own. */
  reducedMotion: boolean;
}

/** Whether the pointer or focus moved to another element inside the root (so the hero is not really left). */
function staysInside(root: AutoplayRoot, event: Event): boolean {
  const to = (event as Partial<MouseEvent>).relatedTarget;
  return to !== null && to !== undefined && typeof root.contains === 'function' && root.contains(to as Node);
}

/** Advances every `interval` ms; pauses on mouseover/focusin and resumes on mouseout/focusout; never with one slide or reduced motion. */
export function autoplay({ interval, reducedMotion }: AutoplayOptions): (slider: AutoplaySlider) => void {
  return (slider) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let hovered = false;
    let focused = false;

    const stop = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const schedule = () => {
      stop();
      if (running && !hovered && !focused) timer = setTimeout(() => slider.next(), interval);
    };
    const listeners: Record<string, Listener> = {
      mouseover: () => {
        hovered = true;
        stop();
      },
      mouseout: (event) => {
        if (staysInside(slider.container, event)) return;
        hovered = false;
        schedule();
      },
      focusin: () => {
        focused = true;
        stop();
      },
      focusout: (event) => {
        if (staysInside(slider.container, event)) return;
        focused = false;
        schedule();
      },
    };

    slider.on('created', () => {
      running = !reducedMotion && slider.slides.length > 1;
      if (!running) return;
      const root = slider.container;
      for (const [type, listener] of Object.entries(listeners)) root.addEventListener(type, listener);
      // The pointer may already rest on the hero when it hydrates: no mouseover will come.
      hovered = root.matches?.(':hover') ?? false;
      focused = root.matches?.(':focus-within') ?? false;
      schedule();
    });
    slider.on('dragStarted', stop);
    slider.on('animationEnded', schedule);
    slider.on('updated', schedule);
    slider.on('destroyed', () => {
      running = false;
      stop();
      for (const [type, listener] of Object.entries(listeners)) slider.container.removeEventListener(type, listener);
    });
  };
}

/** The user's prefers-reduced-motion setting (false where it cannot be read, e.g. on the server). */
export function prefersReducedMotion(
  scope: { matchMedia?: (query: string) => { matches: boolean } } | undefined,
): boolean {
  return typeof scope?.matchMedia === 'function' && scope.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
