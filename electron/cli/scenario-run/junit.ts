export interface JunitCase {
  name: string
  classname: string
  ok: boolean
  skipped?: boolean
  detail: string
  seconds: number
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  // XML 1.0 allows no control characters but tab, newline and carriage return.
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')

/** A JUnit XML report (the format Jenkins, GitLab, GitHub test reporters and CircleCI read): one suite, a case per step and expectation. */
export function junitXml(suite: string, cases: readonly JunitCase[], seconds: number): string {
  const failures = cases.filter((c) => !c.ok && !c.skipped).length
  const skipped = cases.filter((c) => c.skipped).length
  const body = cases.map((c) => {
    const open = `    <testcase name="${escape(c.name)}" classname="${escape(c.classname)}" time="${c.seconds.toFixed(3)}"`
    if (c.skipped) return `${open}>\n      <skipped message="${escape(c.detail)}"/>\n    </testcase>`
    if (!c.ok) return `${open}>\n      <failure message="${escape(c.detail)}">${escape(c.detail)}</failure>\n    </testcase>`
    return `${open}/>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="paydesk scenario" tests="${cases.length}" failures="${failures}" skipped="${skipped}" time="${seconds.toFixed(3)}">`,
    `  <testsuite name="${escape(suite)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}" errors="0" time="${seconds.toFixed(3)}">`,
    ...body,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
