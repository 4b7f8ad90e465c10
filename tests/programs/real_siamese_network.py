# pytorch/examples siamese_network/main.py as written, on synthetic data: MNIST
# is replaced by seeded random 12x12 images (class k brighter by k/2) and
# torchvision's resnet18 tower by a small conv tower; the APP_MATCHER pair
# dataset (random.randint pairs), BCELoss, Adadelta + StepLR and the
# train/test loops are the example's.
import argparse, random
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from torch.optim.lr_scheduler import StepLR

class SiameseNetwork(nn.Module):
    def __init__(self):
        super(SiameseNetwork, self).__init__()
        self.cnn = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(inplace=True), nn.AdaptiveAvgPool2d((4, 4)), nn.Flatten())
        self.fc_in_features = 4 * 16
        self.fc = nn.Sequential(nn.Linear(self.fc_in_features * 2, 32), nn.ReLU(inplace=True), nn.Linear(32, 1))
        self.sigmoid = nn.Sigmoid()
        self.cnn.apply(self.init_weights)
        self.fc.apply(self.init_weights)

    def init_weights(self, m):
        if isinstance(m, nn.Linear):
            torch.nn.init.xavier_uniform_(m.weight)
            m.bias.data.fill_(0.01)

    def forward_once(self, x):
        output = self.cnn(x)
        output = output.view(output.size()[0], -1)
        return output

    def forward(self, input1, input2):
        output1 = self.forward_once(input1)
        output2 = self.forward_once(input2)
        output = torch.cat((output1, output2), 1)
        output = self.fc(output)
        output = self.sigmoid(output)
        return output

class APP_MATCHER(Dataset):
    def __init__(self, n, train):
        g = torch.Generator().manual_seed(0 if train else 1)
        self.targets = torch.randint(0, 4, (n,), generator=g)
        self.data = torch.rand(n, 1, 12, 12, generator=g) + self.targets.view(-1, 1, 1, 1) * 0.5
        self.group_examples()

    def group_examples(self):
        np_arr = self.targets.clone()
        self.grouped_examples = {}
        for i in range(0, 4):
            self.grouped_examples[i] = torch.nonzero(np_arr == i).view(-1).tolist()

    def __len__(self):
        return self.data.shape[0]

    def __getitem__(self, index):
        selected_class = random.randint(0, 3)
        random_index_1 = random.randint(0, len(self.grouped_examples[selected_class]) - 1)
        index_1 = self.grouped_examples[selected_class][random_index_1]
        image_1 = self.data[index_1].clone().float()
        if index % 2 == 0:
            random_index_2 = random.randint(0, len(self.grouped_examples[selected_class]) - 1)
            while random_index_2 == random_index_1:
                random_index_2 = random.randint(0, len(self.grouped_examples[selected_class]) - 1)
            index_2 = self.grouped_examples[selected_class][random_index_2]
            image_2 = self.data[index_2].clone().float()
            target = torch.tensor(1, dtype=torch.float)
        else:
            other_selected_class = random.randint(0, 3)
            while other_selected_class == selected_class:
                other_selected_class = random.randint(0, 3)
            random_index_2 = random.randint(0, len(self.grouped_examples[other_selected_class]) - 1)
            index_2 = self.grouped_examples[other_selected_class][random_index_2]
            image_2 = self.data[index_2].clone().float()
            target = torch.tensor(0, dtype=torch.float)
        return image_1, image_2, target

def train(args, model, device, train_loader, optimizer, epoch):
    model.train()
    criterion = nn.BCELoss()
    for batch_idx, (images_1, images_2, targets) in enumerate(train_loader):
        images_1, images_2, targets = images_1.to(device), images_2.to(device), targets.to(device)
        optimizer.zero_grad()
        outputs = model(images_1, images_2).squeeze()
        loss = criterion(outputs, targets)
        loss.backward()
        optimizer.step()
        if batch_idx % args.log_interval == 0:
            print('Train Epoch: {} [{}/{} ({:.0f}%)]\tLoss: {:.6f}'.format(
                epoch, batch_idx * len(images_1), len(train_loader.dataset),
                100. * batch_idx / len(train_loader), loss.item()))

def test(model, device, test_loader):
    model.eval()
    test_loss = 0
    correct = 0
    criterion = nn.BCELoss()
    with torch.no_grad():
        for (images_1, images_2, targets) in test_loader:
            images_1, images_2, targets = images_1.to(device), images_2.to(device), targets.to(device)
            outputs = model(images_1, images_2).squeeze()
            test_loss += criterion(outputs, targets).sum().item()
            pred = torch.where(outputs > 0.5, 1, 0)
            correct += pred.eq(targets.view_as(pred)).sum().item()
    test_loss /= len(test_loader.dataset)
    print('\nTest set: Average loss: {:.4f}, Accuracy: {}/{} ({:.0f}%)\n'.format(
        test_loss, correct, len(test_loader.dataset),
        100. * correct / len(test_loader.dataset)))

parser = argparse.ArgumentParser(description='PyTorch Siamese network Example')
parser.add_argument('--batch-size', type=int, default=16)
parser.add_argument('--epochs', type=int, default=2)
parser.add_argument('--lr', type=float, default=1.0)
parser.add_argument('--gamma', type=float, default=0.7)
parser.add_argument('--seed', type=int, default=1)
parser.add_argument('--log-interval', type=int, default=2)
args = parser.parse_args()
torch.manual_seed(args.seed)
random.seed(args.seed)
device = torch.device("cpu")
train_loader = DataLoader(APP_MATCHER(64, True), shuffle=True, batch_size=args.batch_size)
test_loader = DataLoader(APP_MATCHER(32, False), shuffle=True, batch_size=1000)
model = SiameseNetwork().to(device)
optimizer = optim.Adadelta(model.parameters(), lr=args.lr)
scheduler = StepLR(optimizer, step_size=1, gamma=args.gamma)
for epoch in range(1, args.epochs + 1):
    train(args, model, device, train_loader, optimizer, epoch)
    test(model, device, test_loader)
    scheduler.step()
