/**
 * What a route shows while its code loads: the header's frame and grey blocks where the page will be, with words
 * announced to assistive technology (role="status", aria-busy). It uses the static shell's classes (`shell-*`, the
 * inline critical CSS of index.html), so the first paint before JavaScript, this skeleton and the page line up.
 */
export function RouteSkeleton({ text }: { text: string }) {
  return (
    <div className="shell">
      <div className="shell-header" aria-hidden="true">
        <div className="shell-header__inner">
          <span className="shell-brand" />
        </div>
      </div>
      <main id="main" className="shell-main" tabIndex={-1}>
        <div role="status" aria-busy="true" aria-live="polite" className="shell-status">
          <p className="shell-text">{text}</p>
        </div>
        <div className="shell-blocks" aria-hidden="true">
          <span className="shell-block shell-block--title" />
          <span className="shell-block" />
          <span className="shell-block" />
          <span className="shell-block" />
        </div>
      </main>
    </div>
  );
}
