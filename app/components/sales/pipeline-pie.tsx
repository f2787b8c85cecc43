// The pipeline pie (Recharts). Loaded lazily after hydration, so Recharts is never in the
// page's first JavaScript. It is a picture only (hidden from assistive technology, not
// focusable): the numbers are in the server-rendered table beside it.
import { type RefObject, useEffect, useRef } from "react";
import { Cell, Pie, PieChart } from "recharts";
import { PHASE_COLORS } from "./pipeline-colors.ts";

/** The pie's box (the panel's `size-48`, 12rem): fixed, so nothing waits for it to be measured. */
const SIZE_PX = 192;

export default function PipelinePie({ slices }: { slices: { phase: string; count: number }[] }) {
  const shown = slices.filter((s) => s.count > 0);
  const frame = useRef<HTMLDivElement>(null);
  useValidMarkup(frame);
  return (
    <div ref={frame} className="size-full">
      <PieChart width={SIZE_PX} height={SIZE_PX} accessibilityLayer={false}>
        <Pie
          data={shown}
          dataKey="count"
          nameKey="phase"
          innerRadius="45%"
          outerRadius="90%"
          paddingAngle={shown.length > 1 ? 2 : 0}
          isAnimationActive={false}
          stroke="none"
          rootTabIndex={-1}
        >
          {shown.map((s) => (
            <Cell key={s.phase} fill={PHASE_COLORS[s.phase] ?? "#64748b"} />
          ))}
        </Pie>
      </PieChart>
    </div>
  );
}

/**
 * Attributes Recharts (3.10) writes that HTML does not allow, by element: width and height on
 * its wrapper <div>, cx and cy on the <svg>, cx, cy and name on each slice's <path>. No prop
 * turns them off and nothing reads them back, so they are removed as soon as they are written.
 */
const INVALID_ATTRIBUTES: [selector: string, names: string[]][] = [
  ["div.recharts-wrapper", ["width", "height"]],
  ["svg.recharts-surface", ["cx", "cy"]],
  ["path", ["cx", "cy", "name"]],
];

function useValidMarkup(frame: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const clean = () => {
      for (const [selector, names] of INVALID_ATTRIBUTES) {
        for (const element of root.querySelectorAll(selector)) {
          for (const name of names) element.removeAttribute(name);
        }
      }
    };
    clean();
    const observer = new MutationObserver(clean);
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["width", "height", "cx", "cy", "name"],
    });
    return () => observer.disconnect();
  }, [frame]);
}
