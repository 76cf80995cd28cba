/** Below the sticky header rather than over it, so Get Quote, Call Me Back and Menu stay reachable (issue 14). */
export const REGION_CLASS = 'pointer-events-none fixed top-[4.75rem] right-4 left-4 z-[70] flex flex-col items-end sm:left-auto';
