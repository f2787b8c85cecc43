// Course materials' limits, shared by the Classes screen and the server (issue 46).

export const TITLE_MAX = 200;
export const URL_MAX = 2000;
