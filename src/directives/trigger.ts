import type { ClientDirective } from 'astro';
import { wakeOnFirstClick } from './pending-trigger';

/**
 * `client:trigger="<css selector>"`: no JavaScript for the island until a matching control is first
 * pressed; that press hydrates it, and the island acts on it (see takePendingTrigger).
 */
const trigger: ClientDirective = (load, options) => {
  wakeOnFirstClick(String(options.value), async () => {
    const hydrate = await load();
    await hydrate();
  });
};

export default trigger;
