// The sales dashboard's read-only parts: stat cards, news, earnings, pipeline, activity.

import { lazy, type ReactNode, Suspense } from "react";
import { Form, useNavigation } from "react-router";
import { adminPrimary } from "#app/components/admin/buttons.ts";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { When } from "#app/components/ui/when.tsx";
import { formatMoney } from "#app/domain/leads/records.schema.ts";
import type { DashboardData } from "#app/domain/sales/dashboard.server.ts";
import { formatGrowth } from "#app/domain/sales/figures.ts";
import { formatMonth } from "#app/domain/training/training.ts";
import type { FieldErrors } from "#app/platform/validation.ts";
import { PHASE_COLORS } from "./pipeline-colors.ts";
import { card, inputClass, SmallField, SmallInput, sectionTitle } from "./sales-ui.tsx";

const PipelinePie = lazy(() => import("./pipeline-pie.tsx"));

export function StatCards({ stats }: { stats: DashboardData["stats"] }) {
  const items: { label: string; value: string; icon: ReactNode }[] = [
    { label: "Total Customers", value: String(stats.totalCustomers), icon: <Icon name="users" /> },
    { label: "Active Deals", value: String(stats.activeDeals), icon: <Icon name="handshake" /> },
    { label: "Won Deals", value: String(stats.wonDeals), icon: <Icon name="trending-up" /> },
    { label: "Conversion Rate", value: `${stats.conversionRate}%`, icon: <Icon name="target" /> },
  ];
  return (
    <ul aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item) => (
        <li key={item.label} className={`${card} flex items-center justify-between gap-3`}>
          <div>
            <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{item.label}</p>
            <p
              className="mt-1 text-3xl font-bold text-slate-900 dark:text-white"
              data-testid={`stat-${item.label}`}
            >
              {item.value}
            </p>
          </div>
          <span
            aria-hidden="true"
            className="rounded-full bg-brand-50 p-3 text-brand-700 dark:bg-brand-950 dark:text-brand-300 [&>svg]:size-6"
          >
            {item.icon}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function NewsCards({ news }: { news: DashboardData["news"] }) {
  return (
    <section aria-labelledby="news-title">
      <h2 id="news-title" className={sectionTitle}>
        Latest News in AI
      </h2>
      {news.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-300">No news yet.</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {news.map((item) => (
            <li key={item.id} className={card}>
              <h3 className="font-semibold text-slate-900 dark:text-white">{item.title}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{item.content}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Figure({
  label,
  value,
  note,
  wide,
}: {
  label: string;
  value: string;
  note?: string;
  wide?: boolean;
}) {
  return (
    <div className={`rounded-lg bg-slate-50 p-3 dark:bg-slate-800 ${wide ? "col-span-2" : ""}`}>
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">
        {value}
        {note && (
          <span className="ml-1 text-sm font-normal text-slate-600 dark:text-slate-300">
            {note}
          </span>
        )}
      </dd>
    </div>
  );
}

function Progress({ label, percent }: { label: string; percent: number | null }) {
  const shown = Math.min(100, percent ?? 0);
  return (
    <div className="mt-3">
      <div className="flex justify-between text-sm text-slate-700 dark:text-slate-300">
        <span>{label}</span>
        <span>{percent === null ? "No target set" : `${percent}% of target`}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${shown}%` }} />
      </div>
    </div>
  );
}

export function EarningsPanel({
  earnings,
  manager,
}: {
  earnings: DashboardData["earnings"];
  manager: boolean;
}) {
  const e = earnings;
  const target = (cents: number | null) => (cents === null ? "not set" : formatMoney(cents));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <EarningsCard
        id="monthly-title"
        icon="dollar-sign"
        title="Monthly Earnings"
        testId="month-earnings"
        amount={e.currentMonthCents}
        line={`This month${manager ? " (team)" : ""}, target ${target(e.monthTargetCents)}`}
        progress={{ label: "Monthly target", percent: e.monthPercent }}
      >
        <Figure label="Last Month" value={formatMoney(e.lastMonthCents)} />
        <Figure label="Monthly Average" value={formatMoney(e.monthlyAverageCents)} />
      </EarningsCard>
      <EarningsCard
        id="ytd-title"
        icon="trending-up"
        title="Year-to-Date Performance"
        testId="ytd-earnings"
        amount={e.ytdCents}
        line={`Year to date, target ${target(e.yearTargetCents)}`}
        progress={{ label: "Annual target", percent: e.ytdPercent }}
      >
        <Figure label="Previous YTD" value={formatMoney(e.previousYtdCents)} />
        <Figure label="Growth" value={formatGrowth(e.growthPercent)} />
        <Figure
          wide
          label="Projected Year End"
          value={formatMoney(e.projectedYearEndCents)}
          note={e.projectedPercent === null ? undefined : `(${e.projectedPercent}% of target)`}
        />
      </EarningsCard>
    </div>
  );
}

/** One of the earnings cards: the amount, against its target, and the figures beside it. */
function EarningsCard({
  id,
  icon,
  title,
  testId,
  amount,
  line,
  progress,
  children,
}: {
  id: string;
  icon: IconName;
  title: string;
  testId: string;
  amount: number;
  line: string;
  progress: { label: string; percent: number | null };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={card}>
      <h3 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <Icon name={icon} className="size-5 text-brand-700 dark:text-brand-300" />
        {title}
      </h3>
      <p className="mt-3 text-3xl font-bold text-slate-900 dark:text-white" data-testid={testId}>
        {formatMoney(amount)}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{line}</p>
      <Progress label={progress.label} percent={progress.percent} />
      <dl className="mt-4 grid grid-cols-2 gap-3">{children}</dl>
    </section>
  );
}

export function TargetForm({
  targets,
  month,
  errors,
  values,
}: {
  targets: DashboardData["targets"];
  month: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "target";
  return (
    <section aria-labelledby="targets-title" className={`${card} mt-4`}>
      <h3 id="targets-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Monthly Targets
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {formatMonth(month)}:{" "}
        {targets
          .map((t) => `${t.label} ${t.cents === null ? "not set" : formatMoney(t.cents)}`)
          .join(" · ")}
      </p>
      <Form
        method="post"
        preventScrollReset
        className="mt-4 grid gap-4 sm:grid-cols-4 sm:items-end"
      >
        <input type="hidden" name="intent" value="target" />
        <SmallField label="Target for" error={errors?.scope} id="target-scope">
          <select
            id="target-scope"
            name="scope"
            defaultValue={values?.scope ?? "team"}
            className={inputClass}
            aria-invalid={errors?.scope ? true : undefined}
            aria-describedby={errors?.scope ? "target-scope-error" : undefined}
          >
            {targets.map((t) => (
              <option key={t.scope} value={t.scope}>
                {t.label}
              </option>
            ))}
          </select>
        </SmallField>
        <SmallInput
          label="Month"
          id="target-month"
          name="month"
          type="month"
          error={errors?.month}
          required
          star={false}
          defaultValue={values?.month ?? month}
        />
        <SmallInput
          label="Target ($)"
          id="target-amount"
          name="amount"
          inputMode="decimal"
          error={errors?.amount}
          required
          star={false}
          defaultValue={values?.amount ?? ""}
        />
        <button type="submit" className={adminPrimary} disabled={saving}>
          {saving ? "Saving..." : "Set Target"}
        </button>
      </Form>
    </section>
  );
}

export function PipelinePanel({ pipeline }: { pipeline: DashboardData["pipeline"] }) {
  const hydrated = useHydrated();
  const total = pipeline.reduce((a, p) => a + p.count, 0);
  return (
    <section aria-labelledby="pipeline-title" className={card}>
      <h2 id="pipeline-title" className={sectionTitle}>
        Sales Pipeline Distribution
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-6">
        <div className="size-48 shrink-0" aria-hidden="true" data-testid="pipeline-chart">
          {total === 0 ? (
            <div className="flex size-full items-center justify-center rounded-full border-8 border-slate-200 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
              No customers
            </div>
          ) : hydrated ? (
            <Suspense fallback={<ChartPlaceholder />}>
              <PipelinePie slices={pipeline} />
            </Suspense>
          ) : (
            <ChartPlaceholder />
          )}
        </div>
        <table className="min-w-48 flex-1 text-sm">
          <caption className="sr-only">Customers by pipeline phase</caption>
          <thead>
            <tr className="text-left text-slate-600 dark:text-slate-300">
              <th scope="col" className="py-1 font-medium">
                Phase
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Customers
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {pipeline.map((p) => (
              <tr key={p.phase} className="border-t border-slate-100 dark:border-slate-800">
                <th
                  scope="row"
                  className="py-1.5 text-left font-normal text-slate-800 dark:text-slate-200"
                >
                  <span
                    aria-hidden="true"
                    className="mr-2 inline-block size-3 rounded-sm align-middle"
                    style={{ backgroundColor: PHASE_COLORS[p.phase] }}
                  />
                  {p.phase}
                </th>
                <td className="py-1.5 text-right font-semibold text-slate-900 dark:text-white">
                  {p.count}
                </td>
                <td className="py-1.5 text-right text-slate-700 dark:text-slate-300">
                  {total === 0 ? "0%" : `${Math.round((p.count / total) * 100)}%`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ChartPlaceholder() {
  return <div className="size-full animate-pulse rounded-full bg-slate-100 dark:bg-slate-800" />;
}

export function ActivityList({ activity }: { activity: DashboardData["activity"] }) {
  return (
    <section aria-labelledby="activity-title" className={card}>
      <h2 id="activity-title" className={`${sectionTitle} flex items-center gap-2`}>
        <Icon name="activity" className="size-5 text-brand-700 dark:text-brand-300" />
        Recent Activity
      </h2>
      {activity.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-300">No activity yet.</p>
      ) : (
        <ul
          className="mt-3 divide-y divide-slate-100 dark:divide-slate-800"
          aria-label="Recent activity"
        >
          {activity.map((a) => (
            <li key={a.id} className="py-2">
              <p className="text-sm text-slate-800 dark:text-slate-200">{a.message}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {a.when === null ? (
                  <When at={a.at} kind="date" />
                ) : (
                  <time dateTime={a.at}>{a.when}</time>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
