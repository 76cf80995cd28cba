import { useId } from 'react';
import { ROUTE_MAP } from '~/data/route-map';
import { ROUTE_MAP_OUTLINE } from '~/data/route-map-outline';
import { FERRY_NOTE } from '~/lib/ferry';
import type { RouteDrawing } from '~/lib/route-map';

export interface RouteMapProps {
  drawing: RouteDrawing;
  /** The text alternative (routeMapDescription). */
  description: string;
  /** The label's two lines under and over the line: "162.7 miles", "as the crow flies". */
  label: [string, string];
  /** The two places as the legend names them: "SW1A 1AA, Westminster". */
  from: string;
  to: string;
  ferry: boolean;
  /** The move's page names its legend's parts (`data-fill="map:…"`), as it names every part it writes for the request. */
  named?: boolean;
}

/**
 * The route drawn at build time (issue 18): no tiles, no requests. Used by step 3 and, rendered on the server, the move's
 * page. The picture is one image to assistive technology, named in words; the legend and any ferry note are text.
 */
export function RouteMap({ drawing, description, label, from, to, ferry, named = false }: RouteMapProps) {
  const id = useId();
  const fill = (key: string) => (named ? { 'data-fill': `map:${key}` } : {});
  // The legend wraps under the drawing where it has no room beside it (a move's page at 320 px).
  return (
    <figure className="flex flex-wrap items-start gap-4" data-route-map aria-describedby={ferry ? `${id}-ferry` : undefined}>
      <svg
        viewBox={`0 0 ${ROUTE_MAP.width} ${ROUTE_MAP.height}`}
        role="img"
        aria-label={description}
        className="h-auto w-44 shrink-0 sm:w-52"
      >
        <rect width={ROUTE_MAP.width} height={ROUTE_MAP.height} rx="12" className="fill-brand-50" />
        <path d={ROUTE_MAP_OUTLINE} className="fill-white stroke-brand-300" strokeWidth="1.2" strokeLinejoin="round" />
        <line {...drawing.route} className="stroke-brand-800" strokeWidth="2.5" strokeDasharray="6 4" strokeLinecap="round" />
        <circle {...drawing.from} r="6" className="fill-brand-700 stroke-white" strokeWidth="2" />
        <circle {...drawing.to} r="6" className="fill-accent-700 stroke-white" strokeWidth="2" />
        <text
          {...drawing.label}
          textAnchor="middle"
          fontSize="20"
          fontWeight="700"
          className="fill-ink stroke-white"
          strokeWidth="4"
          paintOrder="stroke"
        >
          <tspan {...fill('miles')}>{label[0]}</tspan>
          <tspan x={drawing['label-line'].x} dy="1.1em" fontSize="17" fontWeight="400">
            {label[1]}
          </tspan>
        </text>
      </svg>
      <figcaption className="min-w-0 flex-1 basis-28 space-y-2 text-sm">
        <p className="flex items-start gap-2">
          <span aria-hidden="true" className="mt-1 size-3 shrink-0 rounded-full bg-brand-700" />
          <span>
            <span className="font-semibold">From</span> <span {...fill('from')}>{from}</span>
          </span>
        </p>
        <p className="flex items-start gap-2">
          <span aria-hidden="true" className="mt-1 size-3 shrink-0 rounded-full bg-accent-700" />
          <span>
            <span className="font-semibold">To</span> <span {...fill('to')}>{to}</span>
          </span>
        </p>
        <p className="text-ink-muted">The line is the straight distance, not the road route.</p>
        {ferry && (
          <p id={`${id}-ferry`} className="rounded-lg bg-accent-100 px-3 py-2 font-medium text-ink" data-ferry-note>
            {FERRY_NOTE}
          </p>
        )}
      </figcaption>
    </figure>
  );
}
