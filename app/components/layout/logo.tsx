import { Link } from "react-router";

export function Logo({ siteName, logoUrl }: { siteName: string; logoUrl: string }) {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2.5 rounded-md"
      aria-label={`${siteName} home`}
    >
      {logoUrl ? (
        <img src={logoUrl} alt="" width={200} height={50} className="h-9 w-auto" />
      ) : (
        <>
          <svg viewBox="0 0 40 40" className="size-9" aria-hidden="true">
            <defs>
              <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#3371fb" />
                <stop offset="1" stopColor="#06b6d4" />
              </linearGradient>
            </defs>
            <rect width="40" height="40" rx="10" fill="url(#logo-g)" />
            <path
              d="M28 11H13l8 9-8 9h15"
              fill="none"
              stroke="#fff"
              strokeWidth="3.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="max-w-[9.5rem] text-sm leading-tight font-bold text-slate-900 sm:max-w-none sm:text-base dark:text-white">
            {siteName}
          </span>
        </>
      )}
    </Link>
  );
}
