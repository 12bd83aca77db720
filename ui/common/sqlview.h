#pragma once

#include <QWidget>

class QPlainTextEdit;
class QPushButton;

namespace purga {

// Read-only monospace SQL with a Copy button: the exact text the core counted with or will run.
class SqlView : public QWidget
{
    Q_OBJECT
public:
    explicit SqlView(QWidget *parent = nullptr);

    void setSql(const QString &sql);
    QString sql() const;
    QPlainTextEdit *editor() const { return m_edit; }
    QPushButton *copyButton() const { return m_copy; }

private:
    QPlainTextEdit *m_edit;
    QPushButton *m_copy;
};

} // namespace purga
