import type { BrowserContext, Page } from '@playwright/test';

/**
 * Chromium here has no speech service: a stand-in `SpeechRecognition` that hears `transcript` 50 ms after start(),
 * the way the browser's recognition answers, installed before any page script runs.
 */
export async function fakeSpeechRecognition(target: Page | BrowserContext, transcript: string): Promise<void> {
  await target.addInitScript((heard: string) => {
    class FakeRecognition {
      lang = '';
      interimResults = true;
      maxAlternatives = 5;
      onresult: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      start() {
        setTimeout(() => {
          this.onresult?.({ results: [[{ transcript: heard }]] });
          this.onend?.();
        }, 50);
      }
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
    }
    Object.defineProperty(window, 'SpeechRecognition', { value: FakeRecognition, configurable: true });
  }, transcript);
}
