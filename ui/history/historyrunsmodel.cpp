#include "historyrunsmodel.h"

#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"

#include <QCoreApplication>
#include <QStringList>
#include <QThreadPool>

#include <algorithm>
#include <utility>

namespace purga {

namespace {

// The strings keep the History page's translation context: their translations are filed there.
constexpr char kContext[] = "purga::HistoryPage";

QString rowsPerTable(const HistoryRun &r)
{
    QStringList perTable;
    for (auto it = r.rows.cbegin(); it != r.rows.cend(); ++it)
        perTable << QStringLiteral("%1: %2").arg(it.key().section(u'.', -1), Display::number(it.value()));
    return perTable.join(QStringLiteral(", "));
}

// A run without an end: "running" while it may still be (en_curso, a freeze not released), "—"
// when its length is unknown.
QString durationText(const HistoryRun &r)
{
    if (r.durationMs >= 0)
        return RunFormat::duration(r.durationMs);
    const bool open = r.finishedUtc.isEmpty() &&
                      (r.status == QLatin1String("en_curso") || r.status == QLatin1String("congelado"));
    return open ? QCoreApplication::translate(kContext, "running") : QStringLiteral("—");
}

qint64 totalRows(const HistoryRun &r)
{
    qint64 total = 0;
    for (qint64 n : r.rows)
        total += n;
    return total;
}

// a < b in `column`; ties keep the history's order (stable sort).
bool lessIn(int column, const HistoryRun &a, const HistoryRun &b)
{
    switch (column) {
    case HistoryRunsModel::Origin:
        return a.origin < b.origin;
    case HistoryRunsModel::Operator:
        return a.operatorName < b.operatorName;
    case HistoryRunsModel::OsUser:
        return a.osUser < b.osUser;
    case HistoryRunsModel::Status:
        return a.status < b.status;
    case HistoryRunsModel::Started:
        return a.startedUtc < b.startedUtc; // ISO 8601 UTC: text order is time order
    case HistoryRunsModel::Duration:
        return a.durationMs < b.durationMs;
    default:
        return totalRows(a) < totalRows(b);
    }
}

} // namespace

HistoryRunsModel::HistoryRunsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void HistoryRunsModel::setRuns(const QList<HistoryRun> &runs)
{
    beginResetModel();
    QList<HistoryRun> old = std::exchange(m_runs, runs);
    m_byStart = std::is_sorted(m_runs.cbegin(), m_runs.cend(), [](const HistoryRun &a, const HistoryRun &b) {
        return a.startedUtc < b.startedUtc;
    });
    rebuild();
    endResetModel();
    // Freeing 100,000 runs (millions of small blocks) took longer than a frame: another thread
    // does it (when this was the last reference).
    if (old.size() > 1000)
        QThreadPool::globalInstance()->start([old = std::move(old)]() mutable { old = {}; });
}

void HistoryRunsModel::setFilter(const QString &text)
{
    if (text == m_filter)
        return;
    beginResetModel();
    m_filter = text;
    rebuild();
    endResetModel();
}

void HistoryRunsModel::sort(int column, Qt::SortOrder order)
{
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    m_sortColumn = column;
    m_sortOrder = order;
    rebuild();
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void HistoryRunsModel::rebuild()
{
    m_shown.clear();
    m_shown.reserve(m_runs.size());
    for (int i = 0; i < m_runs.size(); ++i)
        if (matches(m_runs.at(i)))
            m_shown << i;
    if (m_sortColumn < 0 || m_sortColumn >= ColumnCount)
        return;
    const int c = m_sortColumn;
    const bool descending = m_sortOrder == Qt::DescendingOrder;
    if (c == Started && m_byStart) { // as HistoryQuery::runs orders them: nothing to compare
        if (descending)
            std::reverse(m_shown.begin(), m_shown.end());
        return;
    }
    std::stable_sort(m_shown.begin(), m_shown.end(), [this, c, descending](int a, int b) {
        return descending ? lessIn(c, m_runs.at(b), m_runs.at(a)) : lessIn(c, m_runs.at(a), m_runs.at(b));
    });
}

// The filter looks at the text of every column without building it for each run: the numbers
// only when the filter has a digit.
bool HistoryRunsModel::matches(const HistoryRun &r) const
{
    const QString &f = m_filter;
    if (f.isEmpty())
        return true;
    const auto has = [&f](QStringView text) { return text.contains(f, Qt::CaseInsensitive); };
    if (has(r.origin) || has(r.operatorName) || has(r.osUser) || has(r.status) || has(r.startedUtc) ||
        has(RunFormat::statusText(r.status)) || has(Display::timestamp(r.startedUtc)))
        return true;
    const bool digits = std::any_of(f.cbegin(), f.cend(), [](QChar ch) { return ch.isDigit(); });
    if (digits && (has(QString::number(r.durationMs)) || has(durationText(r))))
        return true;
    for (auto it = r.rows.cbegin(); it != r.rows.cend(); ++it)
        if (has(QStringView(it.key()).mid(it.key().lastIndexOf(u'.') + 1)))
            return true;
    return digits && has(rowsPerTable(r));
}

const HistoryRun &HistoryRunsModel::runAt(int row) const
{
    return m_runs.at(m_shown.at(row));
}

QList<HistoryRun> HistoryRunsModel::shownRuns() const
{
    QList<HistoryRun> out;
    out.reserve(m_shown.size());
    for (int i : m_shown)
        out << m_runs.at(i);
    return out;
}

int HistoryRunsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_shown.size());
}

int HistoryRunsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryRunsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_shown.size())
        return {};
    const HistoryRun &r = runAt(index.row());
    if (role == Qt::ToolTipRole)
        return r.detail; // the run's message
    if (role == RunIdRole)
        return r.runId;
    if (role == Qt::TextAlignmentRole && index.column() == Duration)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Origin:
        return r.origin;
    case Operator:
        return r.operatorName;
    case OsUser:
        return r.osUser;
    case Status:
        return RunFormat::statusText(r.status);
    case Started:
        return Display::timestamp(r.startedUtc);
    case Duration:
        return durationText(r);
    default:
        return rowsPerTable(r);
    }
}

QVariant HistoryRunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole && section == Operator)
        return QCoreApplication::translate(kContext, "operador: the database role that ran the purge");
    if (role == Qt::ToolTipRole && section == OsUser)
        return QCoreApplication::translate(
            kContext, "usuario_so: the client's operating-system account as the OS reported it");
    if (role != Qt::DisplayRole)
        return {};
    static const char *const titles[] = {QT_TRANSLATE_NOOP("purga::HistoryPage", "Origin"),
                                         QT_TRANSLATE_NOOP("purga::HistoryPage", "Database role"),
                                         QT_TRANSLATE_NOOP("purga::HistoryPage", "OS user"),
                                         QT_TRANSLATE_NOOP("purga::HistoryPage", "Status"),
                                         QT_TRANSLATE_NOOP("purga::HistoryPage", "Started (UTC)"),
                                         QT_TRANSLATE_NOOP("purga::HistoryPage", "Duration"),
                                         QT_TRANSLATE_NOOP("purga::HistoryPage", "Rows per table")};
    return section >= 0 && section < ColumnCount ? QCoreApplication::translate(kContext, titles[section])
                                                 : QVariant();
}

} // namespace purga
