// The whole site stylesheet (app/app.css as built): inlined into every hydrated page, cut to
// each content page's own rules (decision 0022), and the answer for a content-page stylesheet
// this process no longer keeps.
import styles from "./app.css?inline";

export const siteStylesheet: string = styles;
