#pragma once

#include "ui/style/displayformat.h"

#include <QLabel>

#include <utility>

namespace purga {

class AppState;
struct HealthReport;

// The strip under the connection bar: preview or purge refused by the checks, a background
// operation that failed, and the purge health (Health::compute: green, amber or red with the
// worst reason, linked to the History page). Hidden while disconnected. Icon and text, not only colour.
class HealthBanner : public QLabel
{
    Q_OBJECT
public:
    explicit HealthBanner(AppState *state, QWidget *parent = nullptr);

    void setProblem(const QString &text);
    QString plainText() const { return m_plain; }
    static std::pair<Display::Status, QString> healthLine(const HealthReport &report);

private:
    void refresh();

    AppState *m_state;
    QString m_problem;
    QString m_plain;
};

} // namespace purga
