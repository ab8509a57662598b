/** Everything rendered from a ConformanceReport, and the spec-regression diff. */
export { writeReportFiles, renderSummary, type WrittenReports } from './write';
export { readReportFile } from './report-file';
export { compareWithBaseline, renderBaselineComparison, type BaselineComparison, type VerdictChange } from './baseline';
export { loadReportCatalogue, reportCatalogueOf, groupByArea, type ReportCatalogue, type AreaGroup } from './catalogue';
export { renderHtml } from './html/page';
export { renderJunit } from './junit';
export { diffSpecs, renderSpecDiff, type SpecDiff, type SpecVersion, type SpecChange } from './spec-diff';
