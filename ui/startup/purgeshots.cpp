#include "purgeshots.h"

#include "ui/purge/purgepage.h"
#include "ui/purge/ruleprogresswidget.h"
#include "ui/state/appstate.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QPixmap>
#include <QProgressBar>
#include <QTimer>

#include <algorithm>
#include <cstdio>

namespace purga {

PurgeShots::PurgeShots(MainWindow *window, const QString &dir)
    : QObject(window)
    , m_window(window)
    , m_dir(dir)
    , m_poll(new QTimer(this))
{
    m_poll->setInterval(50);
    connect(m_poll, &QTimer::timeout, this, &PurgeShots::pollProgress);
}

void PurgeShots::start()
{
    PurgePage *page = m_window->purgePage();
    const AppState *state = m_window->state();
    PurgeRequest request;
    request.batchSize = BatchSize;
    request.pauseMs = PauseMs;
    const QStringList refused = page->refusedRules().keys();
    for (const RulePreview &rule : state->previewPlan().rules) {
        const bool partitions =
            std::any_of(rule.partitions.cbegin(), rule.partitions.cend(),
                        [](const PartitionInfo &p) { return p.removable && !p.isDefault; });
        if ((rule.eligible > 0 || partitions) && !refused.contains(rule.id))
            request.ruleIds << rule.id;
    }
    if (!page->startBlockers().isEmpty() || request.ruleIds.isEmpty()) {
        std::fprintf(stderr, "purga-sesiones: no purge screenshots: %s\n",
                     qPrintable(page->startBlockers().join(u' ')));
        emit finished(true);
        return;
    }
    m_firstRule = request.ruleIds.first();
    connect(page, &PurgePage::purgeFinished, this, &PurgeShots::onPurgeFinished, Qt::SingleShotConnection);
    m_window->showPage(QStringLiteral("purge"));
    if (!page->startPurge(request)) {
        emit finished(false);
        return;
    }
    m_poll->start();
}

// The first rule a quarter done (as painted: the page flushes progress every 100 ms).
void PurgeShots::pollProgress()
{
    const RuleProgressWidget *w = m_window->purgePage()->progressFor(m_firstRule);
    if (m_runningShot || !w || w->bar()->value() < 250)
        return;
    m_runningShot = true;
    m_poll->stop();
    m_ok = save(QStringLiteral("06-purge-running.png")) && m_ok;
}

void PurgeShots::onPurgeFinished(const PurgeReceipt &)
{
    m_poll->stop();
    if (!m_runningShot) {
        std::fprintf(stderr, "purga-sesiones: the purge ended before a quarter of %s was shown\n",
                     qPrintable(m_firstRule));
        m_ok = false;
    }
    QTimer::singleShot(800, this, [this] { // the receipt and the vacuum offer lay out first
        m_ok = save(QStringLiteral("07-purge-done.png")) && m_ok;
        emit finished(m_ok);
    });
}

bool PurgeShots::save(const QString &fileName)
{
    QApplication::processEvents();
    const QString path = QDir(m_dir).filePath(fileName);
    const bool saved = m_window->grab().save(path);
    std::fprintf(stderr, "purga-sesiones: %s %s\n", saved ? "saved" : "could not save", qPrintable(path));
    return saved;
}

} // namespace purga
