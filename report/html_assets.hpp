#pragma once
// The HTML report's inline style and script (a page that fetches nothing).
#include <string_view>

namespace kompat::html_assets {

// Filters by severity, kind, rule and text; hides groups left empty; keeps the filter
// state in the URL fragment (#severity=error,warning&kind=3&rule=…&text=…) so a reload
// or a shared link shows the same; the overview lists the kinds with findings shown.
// Without it the page shows every finding.
inline constexpr std::string_view script = R"(<script>
(function () {
  var form = document.getElementById('filters');
  var shown = document.getElementById('shown');
  var all = 0;
  var groups = Array.prototype.map.call(document.querySelectorAll('section.group'), function (section, index) {
    return {element: section, row: document.querySelector('tr[data-group="' + index + '"]'), rules: Array.prototype.map.call(section.querySelectorAll('details.rule'), function (rule) {
      return {element: rule, findings: Array.prototype.map.call(rule.querySelectorAll('article.finding'), function (article) {
        all++;
        return {element: article, kinds: article.dataset.kinds.split(' '), text: null};
      })};
    })};
  });
  function fromHash() {
    var state = {severity: ['error', 'warning'], kind: '', rule: '', text: ''};
    location.hash.replace(/^#/, '').split('&').forEach(function (part) {
      var at = part.indexOf('=');
      if (at < 0) return;
      var key = part.slice(0, at), value = decodeURIComponent(part.slice(at + 1));
      if (key === 'severity') state.severity = value === '' ? [] : value.split(',');
      else if (key in state) state[key] = value;
    });
    return state;
  }
  function toForm(state) {
    form.querySelectorAll('input[name=severity]').forEach(function (box) { box.checked = state.severity.indexOf(box.value) >= 0; });
    form.elements.kind.value = state.kind;
    form.elements.rule.value = state.rule;
    form.elements.text.value = state.text;
  }
  function fromForm() {
    var severity = [];
    form.querySelectorAll('input[name=severity]').forEach(function (box) { if (box.checked) severity.push(box.value); });
    return {severity: severity, kind: form.elements.kind.value, rule: form.elements.rule.value, text: form.elements.text.value};
  }
  function apply(remember) {
    var state = fromForm(), text = state.text.trim().toLowerCase(), count = 0;
    groups.forEach(function (group) {
      var inGroup = 0;
      group.rules.forEach(function (rule) {
        var inRule = 0;
        rule.findings.forEach(function (finding) {
          var element = finding.element;
          var visible = state.severity.indexOf(element.dataset.severity) >= 0 &&
            (state.rule === '' || element.dataset.rule === state.rule) &&
            (state.kind === '' || finding.kinds.indexOf(state.kind) >= 0) &&
            (text === '' || (finding.text || (finding.text = element.textContent.toLowerCase())).indexOf(text) >= 0);
          element.hidden = !visible;
          if (visible) inRule++;
        });
        rule.element.hidden = inRule === 0;
        inGroup += inRule;
      });
      group.element.hidden = inGroup === 0;
      if (group.row) group.row.hidden = inGroup === 0;
      count += inGroup;
    });
    shown.textContent = count + ' of ' + all + ' findings shown';
    if (remember) {
      var hash = '#severity=' + state.severity.join(',') + '&kind=' + encodeURIComponent(state.kind) +
        '&rule=' + encodeURIComponent(state.rule) + '&text=' + encodeURIComponent(state.text);
      history.replaceState(null, '', hash);
    }
  }
  form.addEventListener('input', function () { apply(true); });
  form.addEventListener('change', function () { apply(true); });
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  window.addEventListener('hashchange', function () { toForm(fromHash()); apply(false); });
  document.querySelectorAll('button[data-kind]').forEach(function (button) {
    button.addEventListener('click', function () {
      form.elements.kind.value = button.dataset.kind;
      apply(true);
      document.getElementById('group-' + button.dataset.group).scrollIntoView();
    });
  });
  toForm(fromHash());
  form.hidden = false;
  apply(false);
  document.body.dataset.ready = 'true';
})();
</script>
)";

inline constexpr std::string_view style = R"(<style>
:root { --error: #b3261e; --warning: #8a5a00; --info: #1f5fa8; --line: #d0d4da; font-family: system-ui, sans-serif; }
body { margin: 0 auto; max-width: 1400px; padding: 1rem 2rem; color: #1b1f24; background: #fff; }
[hidden] { display: none !important; }
h1 { font-size: 1.4rem; margin: 0.5rem 0; }
h3 { font-size: 0.8rem; margin: 0 0 0.3rem; color: #57606a; text-transform: uppercase; letter-spacing: 0.04em; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.85rem; }
.summary { display: flex; gap: 0.6rem; list-style: none; padding: 0; }
.summary li { padding: 0.3rem 0.8rem; border-radius: 1rem; color: #fff; font-weight: 600; }
.summary .error { background: var(--error); } .summary .warning { background: var(--warning); } .summary .info { background: var(--info); }
.notes { color: #57606a; }
table.overview { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
.overview th, .overview td { border-bottom: 1px solid var(--line); padding: 0.2rem 0.8rem; text-align: right; }
.overview th:first-child, .overview td:first-child { text-align: left; }
.overview button { font: inherit; border: none; background: none; color: #0b57d0; cursor: pointer; padding: 0; text-align: left; }
form { position: sticky; top: 0; background: #f6f8fa; border: 1px solid var(--line); border-radius: 6px; padding: 0.6rem 0.8rem;
       display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; z-index: 1; }
fieldset { border: none; margin: 0; padding: 0; } legend { float: left; margin-right: 0.5rem; font-weight: 600; }
label { font-weight: 600; } label select, label input { font-weight: normal; margin-left: 0.3rem; max-width: 28rem; }
fieldset label { font-weight: normal; margin-right: 0.6rem; }
output { margin-left: auto; color: #57606a; }
section.group { margin: 0.8rem 0; } summary { cursor: pointer; }
section.group > details > summary { font-size: 1.05rem; font-weight: 600; padding: 0.3rem 0; }
details.rule { margin: 0.2rem 0 0.6rem 1rem; } details.rule > summary { font-weight: 600; }
.guidance { color: #57606a; font-size: 0.85rem; margin: 0.2rem 0 0.4rem; }
/* content-visibility: the browser lays out only the findings near the viewport (5,000 open in 0.8 s, not 1.3). */
.finding { border: 1px solid var(--line); border-left: 6px solid var(--info); border-radius: 6px; padding: 0.4rem 0.8rem; margin: 0.4rem 0;
           content-visibility: auto; contain-intrinsic-size: auto 4.5rem; }
.finding.error { border-left-color: var(--error); } .finding.warning { border-left-color: var(--warning); }
.finding p { margin: 0.1rem 0; }
.severity { display: inline-block; min-width: 4.5rem; text-align: center; color: #fff; border-radius: 3px; padding: 0 0.3rem; background: var(--info); }
.error .severity { background: var(--error); } .warning .severity { background: var(--warning); }
.context { color: #57606a; font-size: 0.85rem; }
.meta { margin: 0.4rem 0; font-size: 0.85rem; color: #57606a; overflow-wrap: anywhere; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 0.8rem; }
.sides pre { min-width: 0; margin: 0; padding: 0.5rem; border: 1px solid var(--line); border-radius: 4px; max-height: 24rem; overflow: auto;
             white-space: pre-wrap; overflow-wrap: anywhere; }
.sides pre.old { background: #fff5f5; } .sides pre.new { background: #f3fbf4; }
.sides pre:first-line { font-weight: 600; color: #57606a; }
.absent { color: #8c959f; font-style: italic; margin: 0; }
.textdiff { margin: 0.4rem 0; line-height: 1.5; }
del { background: #ffd7d5; color: #82071e; } ins { background: #ccffd8; color: #055d20; text-decoration: none; }
</style>
)";

}  // namespace kompat::html_assets
