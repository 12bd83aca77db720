// In the GUI, where the decision is made and after it: the confirmation dialog repeats
// what the ADR's scheduled job would still delete inside the forensic window and a retention
// shorter than the window; the receipt view says the same, why a rule left rows it counted, and
// names the sessions that waited for the purge lock (in its details and in the copied text).
#include "core/rules/rules.h"
#include "support/guitest.h"
#include "ui/common/purgeconfirmdialog.h"
#include "ui/purge/receiptview.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QPushButton>
#include <QTest>

using namespace purga;
using test::shoot;

namespace {

PreviewPlan planWithJobCount()
{
    PreviewPlan plan;
    plan.takenAtUtc = plan.cutoffBaseUtc = QStringLiteral("2026-11-27 08:00:00.123456+00");
    RulePreview refresh;
    refresh.id = QStringLiteral("refresh_tokens");
    refresh.table = Rules::table(refresh.id);
    refresh.config = Rules::defaults(refresh.id);
    refresh.eligible = 100;
    refresh.adrSampleInWindow = 4321;
    RulePreview pre;
    pre.id = QStringLiteral("pre_tokens");
    pre.table = Rules::table(pre.id);
    pre.config = Rules::defaults(pre.id);
    pre.config.retentionSeconds = 12 * 3600;
    pre.config.forensicOverride = true;
    pre.eligible = 10;
    plan.rules = {refresh, pre};
    return plan;
}

// Refresh tokens finished with 103,741 of the rows it counted left (a hold added mid-run, say).
RuleReceipt ruleThatLeftRows()
{
    RuleReceipt rule;
    rule.ruleId = QStringLiteral("refresh_tokens");
    rule.status = RuleStatus::Ok;
    rule.planned = 5754922;
    rule.deleted = 5651181;
    return rule;
}

// `receipt` in `view` at `size`, shot as `shot`: the text of its details (empty if there are none).
QString shownDetails(ReceiptView &view, const PurgeReceipt &receipt, QSize size, const QString &shot)
{
    view.setReceipt(receipt);
    view.resize(size);
    view.show();
    shoot(&view, shot);
    const auto *details = view.findChild<QLabel *>(QStringLiteral("receiptDetails"));
    return details ? details->text() : QString();
}

} // namespace

class TestJobWindowUi : public QObject
{
    Q_OBJECT
private slots:
    void confirmationRepeatsTheJobCountAndShortRetention()
    {
        PurgeConfirmDialog dlg(planWithJobCount(), QStringLiteral("core on db1"), QStringLiteral("core"));
        dlg.show();
        shoot(&dlg, QStringLiteral("confirm-job-window"));
        auto *job = dlg.findChild<QLabel *>(QStringLiteral("jobWouldDelete_refresh_tokens"));
        QVERIFY(job);
        QVERIFY2(
            job->text().contains(QStringLiteral("scheduled job's own SQL would still delete 4,321 rows")),
            qPrintable(job->text()));
        QVERIFY(!dlg.findChild<QLabel *>(QStringLiteral("jobWouldDelete_pre_tokens"))); // 0: nothing to say
        auto *shortRetention = dlg.findChild<QLabel *>(QStringLiteral("shortRetention_pre_tokens"));
        QVERIFY(shortRetention);
        QVERIFY2(shortRetention->text().contains(QStringLiteral("12 h")) &&
                     shortRetention->text().contains(QStringLiteral("24 h")),
                 qPrintable(shortRetention->text()));
        QVERIFY(!dlg.findChild<QLabel *>(QStringLiteral("shortRetention_refresh_tokens")));
    }

    void receiptSaysItAfterwards()
    {
        PurgeReceipt r;
        r.runId = QStringLiteral("run-1");
        r.jobWouldDelete.insert(QStringLiteral("refresh_tokens"), 4321);
        r.shortRetention << Rules::shortRetentionWarning(planWithJobCount().rules.at(1).config);
        r.lockWaiters << LockWaiter{4711, QStringLiteral("adr-0021-job"), QStringLiteral("identidad_job"),
                                    QStringLiteral("2026-11-27 03:00:00")};
        r.rules << ruleThatLeftRows();
        ReceiptView view;
        const QString text = shownDetails(view, r, QSize(1000, 500), QStringLiteral("receipt-job-window"));
        QVERIFY(!text.isEmpty()); // the details label is there
        QVERIFY2(text.contains(QStringLiteral("would still delete 4,321 rows this purge keeps")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("pid 4711 (adr-0021-job, role identidad_job")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("12 h")), qPrintable(text));
        // Why the rule left rows it counted (a hold added mid-run, or other sessions).
        QVERIFY2(text.contains(QStringLiteral("identidad.trx_refresh_tokens: The preview counted 5,754,922: "
                                              "103,741 rows changed since")),
                 qPrintable(text));
        view.copyButton()->click();
        const QString copied = QApplication::clipboard()->text();
        QVERIFY2(copied.contains(QStringLiteral("pid 4711")) && copied.contains(QStringLiteral("4,321")),
                 qPrintable(copied));
        QVERIFY2(copied.contains(QStringLiteral("103,741 rows changed since")), qPrintable(copied));
    }

    // Last: the Spanish catalogue stays installed. Why rows were left, in Spanish, as narrow as
    // the window makes the receipt at 1024 px.
    void spanishReceiptSaysWhyRowsWereLeft()
    {
        test::installLanguage(QStringLiteral("es"));
        PurgeReceipt r;
        r.runId = QStringLiteral("run-2");
        r.rules << ruleThatLeftRows();
        ReceiptView view;
        const QString text = shownDetails(view, r, QSize(760, 400), QStringLiteral("receipt-left-alone-es"));
        QVERIFY(!text.isEmpty()); // the details label is there
        QVERIFY2(text.contains(QStringLiteral("103.741 filas cambiaron desde entonces")), qPrintable(text));
    }
};

QTEST_MAIN(TestJobWindowUi)
#include "tst_receiptnotesui.moc"
