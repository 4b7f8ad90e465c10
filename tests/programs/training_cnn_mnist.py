# A tutorial-style training loop: a small CNN on synthetic MNIST-shaped data
# (28x28 grey images, 10 classes, made with torch.randn from a seed, each
# class a brighter band of rows in the noise so there is something to learn),
# TensorDataset + DataLoader with shuffle, 2 epochs of Adam, the loss every
# few batches, then the accuracy on a held-out split under no_grad.
import torch
import torch.nn.functional as F
import torch.optim as optim
from torch import nn
from torch.utils.data import DataLoader, TensorDataset, random_split


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.dropout = nn.Dropout(0.25)
        self.fc1 = nn.Linear(16 * 7 * 7, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = self.dropout(torch.flatten(x, 1))
        x = F.relu(self.fc1(x))
        return self.fc2(x)


torch.manual_seed(0)
labels = torch.randint(0, 10, (320,))
images = torch.randn(320, 1, 28, 28)
rows = torch.arange(28)
top = 2 * labels[:, None] + 4
band = ((rows >= top) & (rows < top + 2)).float()
images += 2.0 * band[:, None, :, None]
dataset = TensorDataset(images, labels)
train_set, test_set = random_split(dataset, [256, 64])
train_loader = DataLoader(train_set, batch_size=32, shuffle=True)
test_loader = DataLoader(test_set, batch_size=64)

model = Net()
optimizer = optim.Adam(model.parameters(), lr=5e-3)
print(model)
print('batches per epoch:', len(train_loader))

for epoch in range(2):
    model.train()
    running = 0.0
    for i, (x, y) in enumerate(train_loader):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        running += loss.item()
        if i % 4 == 3:
            print(f'epoch {epoch} batch {i + 1}: loss {running / 4:.4f}')
            running = 0.0

model.eval()
correct = total = 0
with torch.no_grad():
    for x, y in test_loader:
        predicted = model(x).argmax(dim=1)
        correct += (predicted == y).sum().item()
        total += y.numel()
print(f'accuracy: {correct}/{total} = {100 * correct / total:.1f}%')
print('fc2 bias:', model.fc2.bias)
print('steps taken:', optimizer.state[model.fc2.bias]['step'])
