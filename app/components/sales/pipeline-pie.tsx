// The pipeline pie (Recharts). Loaded lazily after hydration, so Recharts is never in the
// page's first JavaScript. It is a picture only (hidden from assistive technology, not
// focusable): the numbers are in the server-rendered table beside it.
import { Cell, Pie, PieChart, ResponsiveContainer } from "recharts";
import { PHASE_COLORS } from "./pipeline-colors.ts";

export default function PipelinePie({ slices }: { slices: { phase: string; count: number }[] }) {
  const shown = slices.filter((s) => s.count > 0);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
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
    </ResponsiveContainer>
  );
}
