#include "vacuumoffer.h"

#include "core/purge/vacuum.h"
#include "core/rules/rules.h"
#include "core/session/dbsession.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/widgets/wraplabel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace purga {

VacuumOffer::VacuumOffer(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_icon(new QLabel(this))
    , m_text(new WrapLabel(this))
    , m_button(new QPushButton(tr("VACUUM (ANALYZE) purged tables"), this))
    , m_progress(new QProgressBar(this))
    , m_result(new WrapLabel(this))
{
    setObjectName(QStringLiteral("vacuumOffer"));
    m_text->setObjectName(QStringLiteral("vacuumOfferText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_result->setObjectName(QStringLiteral("vacuumResult"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::PlainText);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_button->setObjectName(QStringLiteral("vacuumButton"));
    m_button->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    m_button->setToolTip(RunFormat::withShortcut(
        tr("Run VACUUM (ANALYZE) on the purged tables now: returns their dead rows' space for reuse and "
           "refreshes the planner statistics. Shift+Esc cancels."),
        m_button->shortcut()));
    m_progress->setObjectName(QStringLiteral("vacuumProgress"));
    m_progress->setMaximumWidth(200);
    m_progress->setMaximumHeight(16);
    m_progress->setTextVisible(false);
    m_progress->hide();
    const int icon = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setPixmap(Display::statusIcon(Display::Status::Info).pixmap(icon, icon));
    m_icon->setAlignment(Qt::AlignTop);

    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_icon);
    row->addWidget(m_text, 1);
    row->addWidget(m_progress);
    row->addWidget(m_button);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 4);
    layout->addLayout(row);
    layout->addWidget(m_result);

    connect(m_button, &QPushButton::clicked, this, &VacuumOffer::runVacuum);
    connect(m_state, &AppState::connectionChanged, this, [this] {
        if (!m_state->isConnected())
            clear();
    });
    connect(m_state, &AppState::preflightChanged, this, &VacuumOffer::updateView);
    hide();
}

QStringList VacuumOffer::tablesWorthVacuum(const PurgeReceipt &receipt)
{
    QStringList tables;
    for (const RuleReceipt &r : receipt.rules) {
        if (Rules::isPartitionRule(r.ruleId) || !vacuumWorthOffering(r.deleted))
            continue;
        const QString table = r.table.isEmpty() ? Rules::table(r.ruleId) : r.table;
        if (!table.isEmpty() && !tables.contains(table))
            tables << table;
    }
    return tables;
}

void VacuumOffer::offerFor(const PurgeReceipt &receipt)
{
    m_tables = tablesWorthVacuum(receipt);
    m_rows = 0;
    for (const RuleReceipt &r : receipt.rules)
        if (m_tables.contains(r.table.isEmpty() ? Rules::table(r.ruleId) : r.table))
            m_rows += r.deleted;
    m_running = false;
    m_done = false;
    m_result->clear();
    m_progress->hide();
    updateView();
}

void VacuumOffer::clear()
{
    m_tables.clear();
    m_rows = 0;
    m_running = false;
    m_done = false;
    m_result->clear();
    m_progress->hide();
    updateView();
}

void VacuumOffer::updateView()
{
    setVisible(!m_tables.isEmpty());
    if (m_tables.isEmpty())
        return;
    const QString tables = m_tables.join(QStringLiteral(", "));
    const bool may = m_state->isConnected() && m_state->preflight().canVacuum;
    if (m_done) {
        m_text->setText(tr("%1 rows were deleted from %2.").arg(Display::number(m_rows), tables));
    } else if (may) {
        m_text->setText(tr("%1 rows were deleted from %2. Their space is reused only after a VACUUM: run "
                           "VACUUM (ANALYZE) now, or leave it to autovacuum. Nothing runs unless you ask.")
                            .arg(Display::number(m_rows), tables));
    } else {
        m_text->setText(
            tr("%1 rows were deleted from %2. Autovacuum will reclaim the space: this role may not "
               "VACUUM these tables (that needs their owner or a member of the owner role).")
                .arg(Display::number(m_rows), tables));
    }
    m_button->setVisible(may && !m_done);
    m_button->setEnabled(may && !m_running && !m_done);
}

void VacuumOffer::runVacuum()
{
    if (m_running || m_done || m_tables.isEmpty() || !m_state->session() || !m_state->isConnected() ||
        !m_state->preflight().canVacuum)
        return;
    m_running = true;
    m_progress->setRange(0, 0);
    m_progress->show();
    m_result->setText(m_state->session()->isBusy()
                          ? tr("VACUUM (ANALYZE) queued: waiting for the database work in progress…")
                          : tr("VACUUM (ANALYZE) starting…"));
    updateView();
    const Request<QString> request = m_state->session()->vacuumAnalyze(m_tables);
    request.onSucceeded(this, [this](const QString &message) { finish(true, message, false); })
        .onFailed(this, [this](const DbFailure &f) { finish(false, f.message, false); });
    connect(request, &DbRequest::cancelled, this, [this] { finish(false, QString(), true); });
    connect(request, &DbRequest::progress, this, [this](const QString &stage, int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_result->setText(tr("VACUUM (ANALYZE) %1… (%2 of %3)")
                              .arg(stage, QLocale().toString(done + 1), QLocale().toString(total)));
    });
}

void VacuumOffer::finish(bool ok, const QString &message, bool cancelled)
{
    m_running = false;
    m_done = ok;
    m_progress->hide();
    if (ok)
        m_result->setText(Display::statusSymbol(Display::Status::Ok) + u' ' + message);
    else if (cancelled)
        m_result->setText(Display::statusSymbol(Display::Status::Info) + u' ' +
                          tr("VACUUM (ANALYZE) cancelled. Tables already vacuumed stay so; autovacuum will "
                             "handle the rest."));
    else
        m_result->setText(Display::statusSymbol(Display::Status::Failed) + u' ' +
                          tr("VACUUM (ANALYZE) failed: %1").arg(message));
    updateView();
    emit vacuumFinished(ok, message);
}

} // namespace purga
