#include "guitest.h"

#include "core/rules/rules.h"
#include "ui/startup/startupoptions.h"

#include <QCoreApplication>
#include <QPushButton>
#include <QTest>
#include <QWidget>

#include <algorithm>

namespace purga::test {

void shoot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("PURGA_UI_SHOTS");
    if (dir.isEmpty())
        return;
    QCoreApplication::sendPostedEvents(); // let pending layout requests run first
    w->grab().save(dir + u'/' + name + QStringLiteral(".png"));
}

void installLanguage(const QString &language)
{
    StartupOptions options;
    options.language = language;
    options.languageExplicit = true;
    installTranslations(*qApp, options);
}

PreflightReport preflight(bool canPurge)
{
    PreflightReport r;
    r.serverVersion = QStringLiteral("15.6");
    r.serverVersionNum = 150006;
    r.database = QStringLiteral("core");
    PreflightItem item;
    item.id = QStringLiteral("standby");
    if (!canPurge) {
        item.status = PreflightItem::Status::Failed;
        item.title = QStringLiteral("Connected to a standby");
        item.detail = QStringLiteral("Connect to the primary to purge.");
        item.blocksPurge = true;
    }
    r.items << item;
    return r;
}

PreflightReport okPreflight()
{
    PreflightReport r;
    r.serverVersion = QStringLiteral("15.6");
    r.serverVersionNum = 150006;
    r.database = QStringLiteral("core");
    r.bypassRls = true;
    PreflightItem ok;
    ok.id = QStringLiteral("bypassrls");
    ok.title = QStringLiteral("Role bypasses row level security");
    r.items << ok;
    return r;
}

PreviewPlan planWithPartitions()
{
    PreviewPlan plan;
    plan.takenAtUtc = QStringLiteral("2026-11-27 08:00:00+00");
    plan.cutoffBaseUtc = plan.takenAtUtc;
    plan.serverTimeZone = QStringLiteral("UTC");
    RulePreview refresh;
    refresh.id = QStringLiteral("refresh_tokens");
    refresh.config = Rules::defaults(refresh.id);
    refresh.eligible = 5000;
    RulePreview pre;
    pre.id = QStringLiteral("pre_tokens");
    pre.config = Rules::defaults(pre.id);
    RulePreview log;
    log.id = QStringLiteral("log_sesiones");
    log.config = Rules::defaults(log.id);
    log.eligible = 12;
    PartitionInfo p;
    p.name = QStringLiteral("identidad.log_sesiones_2025_01");
    p.removable = true;
    PartitionInfo def;
    def.name = QStringLiteral("identidad.log_sesiones_default");
    def.isDefault = true;
    log.partitions = {p, def};
    plan.rules = {refresh, pre, log};
    return plan;
}

StallProbe::StallProbe()
{
    m_timer.setInterval(10);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        m_max = std::max(m_max, m_clock.restart());
        ++m_ticks;
    });
}

void StallProbe::start()
{
    m_clock.start();
    m_timer.start();
}

PreviewedSession::PreviewedSession(TestDatabase &db, const QString &role, const QString &password)
    : state(&session)
    , coordinator(&session, &state)
    , preview(&state)
{
    if (role.isEmpty())
        coordinator.connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
    else
        coordinator.connectTo(db.profile(role), password);
}

bool PreviewedSession::ready()
{
    if (!QTest::qWaitFor([this] { return preview.takePreviewButton()->isEnabled(); }, 30000))
        return false;
    preview.takePreview();
    return QTest::qWaitFor([this] { return !state.previewPlan().isEmpty(); }, 60000);
}

} // namespace purga::test
